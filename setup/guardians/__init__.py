"""Forest Guardians' dealer (:mod:`setup.guardians.plan`): a pure function of (options,
players, seed), the 2-player removals first (source 003)."""
