"""Forestry's dealer, seeded and pure: the setup plan (:mod:`setup.forestry.plan`), the spawn
deck and its skip-occupied rule (:mod:`setup.forestry.deck`) and the draws during play over
the forest board (:mod:`setup.forestry.play`)."""
