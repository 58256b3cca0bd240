"""``forest-table completion bash|zsh``: a shell completion script made from the parser.

Every word comes from the CLI's parser built in full (:func:`app.cli.build_parser`): the
commands, their actions and options, the choices of an option or a positional; so the
script follows the command line as it changes. The script is bash; zsh runs it through
``bashcompinit``.
"""

from __future__ import annotations

import argparse
import shlex
import sys
from typing import Any, TextIO


def _table(parser: argparse.ArgumentParser) -> tuple[dict[str, list[str]], set[str]]:
    """``{path: words}`` and the options that take a file or a free value.

    A path is the program and the subcommands so far (``forest-table records export``); the
    path and an option (``... export --format``) holds that option's choices."""
    words: dict[str, list[str]] = {}
    values: set[str] = set()

    def walk(p: argparse.ArgumentParser, path: str) -> None:
        here: list[str] = []
        for action in p._actions:
            if isinstance(action, argparse._SubParsersAction):
                for name, child in action.choices.items():
                    here.append(name)
                    walk(child, f"{path} {name}")
            elif action.option_strings:
                if action.help == argparse.SUPPRESS:
                    continue
                here.extend(action.option_strings)
                if action.nargs == 0:
                    continue
                for option in action.option_strings:
                    if action.choices:
                        words[f"{path} {option}"] = [str(c) for c in action.choices]
                    else:
                        values.add(f"{path} {option}")
            elif action.choices:
                here.extend(str(c) for c in action.choices)
        words[path] = here

    walk(parser, "forest-table")
    return words, values


def script(shell: str, parser: argparse.ArgumentParser) -> str:
    """The completion script for ``shell`` (bash or zsh) of the full ``parser``."""
    words, values = _table(parser)
    table = "\n".join(f"        [{shlex.quote(k)}]={shlex.quote(' '.join(v))}"
                      for k, v in sorted(words.items()))
    free = "\n".join(f"        [{shlex.quote(k)}]=1" for k in sorted(values))
    body = f"""\
# forest-table completion ({shell}): eval "$(forest-table completion {shell})"
_forest_table() {{
    local -A _ft_words=(
{table}
    )
    local -A _ft_values=(
{free}
    )
    local cur=${{COMP_WORDS[COMP_CWORD]}} prev=${{COMP_WORDS[COMP_CWORD-1]}}
    local at=forest-table w i
    for ((i = 1; i < COMP_CWORD; i++)); do
        w=${{COMP_WORDS[i]}}
        if [[ $w != -* && -n ${{_ft_words[$at $w]+x}} ]]; then at="$at $w"; fi
    done
    if [[ $prev == -* && -n ${{_ft_words[$at $prev]+x}} ]]; then
        COMPREPLY=($(compgen -W "${{_ft_words[$at $prev]}}" -- "$cur"))
    elif [[ $prev == -* && -n ${{_ft_values[$at $prev]+x}} ]]; then
        COMPREPLY=($(compgen -f -- "$cur"))
    else
        COMPREPLY=($(compgen -W "${{_ft_words[$at]}}" -- "$cur"))
    fi
}}
complete -o default -F _forest_table forest-table
"""
    if shell == "zsh":
        # bashcompinit hands the words over as they are, but zsh counts an array from 1:
        # the function reads them counted from 0, as bash does
        body = "autoload -U +X bashcompinit && bashcompinit\n" + body.replace(
            "_forest_table() {\n",
            "_forest_table() {\n    setopt localoptions ksharrays  # (zsh: arrays from 0)\n")
    return body


def add_parser(sub: argparse._SubParsersAction[Any]) -> None:
    p = sub.add_parser("completion", help="print a shell completion script (bash or zsh)",
                       description='Add  eval "$(forest-table completion bash)"  to ~/.bashrc '
                                   "(zsh: completion zsh, to ~/.zshrc).")
    p.add_argument("shell", choices=["bash", "zsh"], help="the shell the script is for")


def run(args: argparse.Namespace, parser: argparse.ArgumentParser,
        out: TextIO | None = None) -> int:
    """Print the script for ``args.shell`` made from ``parser`` (the CLI's, in full)."""
    (out or sys.stdout).write(script(args.shell, parser))
    return 0
