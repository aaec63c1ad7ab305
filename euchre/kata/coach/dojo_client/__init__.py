"""The coach's side of a dojo: each run's light and code, posted to the dashboard it joined.

``protocol`` is what the coach and the dashboard agree on; the dashboard imports it alone.
"""
