"""Kata tooling: practice workspaces with stages and traffic lights; living documentation."""
