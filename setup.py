"""Build the per-call evaluators' C extension; all other metadata is in pyproject.toml.

The extension is optional: without a C compiler stud installs and runs, and
``stud.evaluation.fast`` falls back to Python over the same tables (slower).
"""

from setuptools import Extension, setup

setup(
    ext_modules=[
        Extension(
            "stud.evaluation._cfast",
            sources=["src/stud/evaluation/_cfast.c"],
            extra_compile_args=["-O3", "-Wall", "-Wextra", "-Wno-unused-parameter"],
            optional=True,
        )
    ]
)
