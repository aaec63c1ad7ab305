"""The practice around the loop: coderetreat constraints, ``make review`` of every run's code,
and the refactoring prompts after a green."""
