"""Read-only analyses of planned modules (they change no IR): what a plan
costs and how it compares with its lower bound (:mod:`.plan_stats`)."""
