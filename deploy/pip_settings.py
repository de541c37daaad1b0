"""This machine's pip settings, for a build of deploy/Dockerfile (used by deploy/container-check).

    python3 deploy/pip_settings.py FOLDER

Writes FOLDER/pip.conf with the settings of ``pip config list`` (files and ``PIP_*`` variables)
that reach over the network: index and extra index URLs and links that are http(s), trusted
hosts, a proxy, timeouts and retries. Local folders and files (a ``file://`` index, find-links
on disk, constraints) are not in the build and are left out. A CA bundle that pip is told to
trust (``cert``) is copied to FOLDER/pip-cert, and pip.conf names it where the build mounts it.
"""

from __future__ import annotations

import ast
import shutil
import subprocess
import sys
from pathlib import Path

CERT_IN_BUILD = "/run/secrets/pip_cert"
URL_LISTS = ("index-url", "extra-index-url", "find-links")
PLAIN = ("trusted-host", "proxy", "timeout", "default-timeout", "retries")


def configured() -> dict[str, str]:
    """pip's settings by name, later sources (files, then environment) overriding earlier."""
    try:
        listing = subprocess.run([sys.executable, "-m", "pip", "config", "list"],
                                 capture_output=True, text=True, check=True).stdout
    except (OSError, subprocess.CalledProcessError):
        return {}
    settings = {}
    for line in listing.splitlines():
        key, _, value = line.partition("=")
        try:
            settings[key.rsplit(".", 1)[-1]] = str(ast.literal_eval(value))
        except (ValueError, SyntaxError):
            continue
    return settings


def for_the_build(settings: dict[str, str], folder: Path) -> dict[str, str]:
    kept = {}
    for key in URL_LISTS:
        urls = [url for url in settings.get(key, "").split()
                if url.startswith(("http://", "https://"))]
        if urls:
            kept[key] = " ".join(urls)
    for key in PLAIN:
        if settings.get(key):
            kept[key] = " ".join(settings[key].split())
    cert = settings.get("cert")
    if cert and Path(cert).is_file():
        shutil.copyfile(cert, folder / "pip-cert")
        kept["cert"] = CERT_IN_BUILD
    return kept


def main(folder: str) -> None:
    target = Path(folder)
    kept = for_the_build(configured(), target)
    lines = ["[global]"] + [f"{key} = {value}" for key, value in kept.items()]
    (target / "pip.conf").write_text("\n".join(lines) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main(*sys.argv[1:])
