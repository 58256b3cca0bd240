import sys

from app.installation import drop_current_folder

drop_current_folder()  # before any other import of ours: never another folder's setup.py

from app.cli import main  # noqa: E402

sys.exit(main())
