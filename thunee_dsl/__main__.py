import sys

from thunee_dsl.cli.main import main

sys.exit(main())
