"""Builds the compiled search kernels (connect4_game/ai/_ckernel.c with its headers) where a C
compiler is found; without one the install goes on and the solver and the levels run their
pure-Python kernels (docs/ai.md: solver). Everything else is in pyproject.toml."""
from setuptools import Extension, setup

setup(ext_modules=[Extension("connect4_game.ai._ckernel", ["connect4_game/ai/_ckernel.c"],
                             depends=["connect4_game/ai/_ckernel_dict.h",
                                      "connect4_game/ai/_ckernel_solver.h",
                                      "connect4_game/ai/_ckernel_levels.h",
                                      "connect4_game/ai/_ckernel_threats.h"], optional=True)])
