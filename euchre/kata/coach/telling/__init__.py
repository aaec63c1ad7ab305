"""The coach's words: what a run, a reveal or a refusal says to the learner. Nothing here
decides anything; it words what the run found and the verdict decided."""
