"""Builds the solver's compiled kernel (connect4_game/ai/_ckernel.c) where a C compiler is found;
without one the install goes on and the solver runs its pure-Python kernel (docs/ai.md: solver).
Everything else is in pyproject.toml."""
from setuptools import Extension, setup

setup(ext_modules=[Extension("connect4_game.ai._ckernel", ["connect4_game/ai/_ckernel.c"],
                             optional=True)])
