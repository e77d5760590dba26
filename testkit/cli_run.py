"""The command line run as a test runs it: its exit code and what it printed."""
from companion.cli import main


def run(capsys, *argv):
    """(exit code, stdout, stderr) of `companion` with `argv`, read through pytest's capsys."""
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err
