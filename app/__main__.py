import sys

from app.installation import drop_current_folder, foreign_package

drop_current_folder()  # before any other import of ours: never another folder's setup.py
if (problem := foreign_package()) is not None:  # another project's scoring/setup: one line
    print(problem, file=sys.stderr)
    sys.exit(1)

from app.cli import main  # noqa: E402

sys.exit(main())
