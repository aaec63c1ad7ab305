"""The dojo dashboard: every pair's traffic lights, live, on the facilitator's screen.

Pairs join from their practice workspace, whose coach posts each run's history line here
(``euchre.kata.coach.dojo_client``; the two share its ``protocol``). The lights are kept in
SQLite (``store``), summed up per pair (``board``), rendered by Jinja2 templates (``pages``)
and served by a Starlette application (``app``) under uvicorn (``server``); ``report`` renders
the same page from workspaces' history files, for a dojo without a network. The web libraries
are the optional extra ``.[dojo]``.
"""
