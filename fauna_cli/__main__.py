"""`python -m fauna_cli` and the `fauna` console script: the fauna command (fauna_cli/main.py)."""

import gc


def run() -> None:
    """Run the fauna command, holding the garbage collector back from the start (`main` lets it run again).

    Importing fauna_cli.main imports click and the board: a collection while they load finds nothing
    to free but walks every object made so far, so the collector waits until the command is found.
    """
    gc.disable()
    from fauna_cli.main import main

    main()


if __name__ == "__main__":
    run()
