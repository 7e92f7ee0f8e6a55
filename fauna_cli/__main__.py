"""`python -m fauna_cli` runs the fauna command."""

from fauna_cli.main import main

if __name__ == "__main__":
    main()
