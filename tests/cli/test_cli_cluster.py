"""``--ray ADDRESS`` (ginrules/cluster.py): the batch commands on a Ray cluster print the tables
the local process pool prints; without Ray, ``--ray`` is a one-line refusal naming the extra.

The Ray runs (marked ``ray``) start one local Ray of two CPUs for the module, on the loopback
address; the test extra installs Ray, so they run in CI (about ten seconds in all); they are
skipped, saying why, where Ray is not installed."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time

import pytest

from ginrules.cli import main
from ginrules.cluster import EXTRA
from ginrules.rules.players.arena import pair_seed

from tests.cli.test_edge_without_flask import _run
from tests.logfiles import logs_file
from tests.scripts import interruptible

SHORT = '{"preset": "eaai", "game_target": 15}'


@pytest.fixture(scope="module")
def local_ray():
    """One Ray on this machine for the module's runs (each command uses it as it is), on the
    loopback address alone, as ``--ray local`` starts one."""
    os.environ.setdefault("RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER", "0")  # read when Ray is imported
    ray = pytest.importorskip("ray", reason="Ray is not installed (pip install "
                                            "'ginrules[cluster]')")
    ray.init(address="local", num_cpus=2, include_dashboard=False,
             _node_ip_address="127.0.0.1")
    yield ray
    ray.shutdown()


def _table(capsys, *args: str) -> list[str]:
    """A command's table without its timing line (the only one that may differ)."""
    assert main(list(args)) == 0
    lines = capsys.readouterr().out.splitlines()
    return [line for line in lines if " s: " not in line and " s on " not in line]


def _footer(capsys, *args: str) -> str:
    assert main(list(args)) == 0
    return next(line for line in capsys.readouterr().out.splitlines() if " s on " in line)


@pytest.mark.ray
def test_selfplay_prints_the_same_table_on_local_processes_and_on_ray(local_ray, capsys):
    args = ("selfplay", "--bots", "simple,random", "--games", "12", "--seed", "4")
    alone = _table(capsys, *args)
    pool = _table(capsys, *args, "--jobs", "2", "--batch", "2")
    ray = _table(capsys, *args, "--ray", "local", "--batch", "2")
    ray_defaults = _table(capsys, *args, "--ray", "local")
    assert alone == pool == ray == ray_defaults
    assert len(alone) == 3 and sum(int(line.split()[1]) for line in alone[1:]) == 12


@pytest.mark.ray
def test_arena_prints_the_same_measures_on_local_processes_and_on_ray(local_ray, capsys):
    args = ("arena", "--bots", "advisor:0,simple", "--pairs", "6", "--seed", "5", "--rules",
            SHORT)
    pool = _table(capsys, *args, "--jobs", "2")
    ray = _table(capsys, *args, "--ray", "local", "--batch", "1")
    assert pool == ray and "exact sign test p =" in "\n".join(ray)
    assert _footer(capsys, *args, "--ray", "local").endswith(
        "on Ray (local, 2 CPUs); intervals from the pairs (pair-cluster)")


@pytest.mark.ray
def test_arena_stops_its_sequential_test_at_the_same_pair_on_ray(local_ray, capsys):
    # The test goes past its first 20 pairs and stops inside a batch of 3 (test_cli_arena_sprt).
    args = ("arena", "--bots", "simple,random", "--sprt", "400,800", "--pairs", "300",
            "--rules", '{"preset": "eaai", "game_target": 1}')
    pool = _table(capsys, *args, "--jobs", "2", "--batch", "3")
    ray = _table(capsys, *args, "--ray", "local", "--batch", "3")
    assert pool == ray and "H1 accepted" in ray[-1]


@pytest.mark.ray
def test_replay_writes_the_same_results_and_summary_on_local_processes_and_on_ray(
        local_ray, tmp_path, capsys):
    # Valid logs, one with an illegal move and a line that is not JSON, in that order.
    path = logs_file(tmp_path, 9, broken=4)
    written, summaries = [], []
    for how in (["--jobs", "2", "--batch", "2"], ["--ray", "local", "--batch", "2"]):
        output = tmp_path / f"out-{len(written)}.jsonl"
        assert main(["replay", *how, "-o", str(output), str(path)]) == 1
        summaries.append(capsys.readouterr().out.splitlines())
        written.append(output.read_bytes())
    assert written[0] == written[1] and len(written[0].splitlines()) == 10
    assert summaries[0][1:] == summaries[1][1:] and "invalid" in summaries[0][3]
    assert summaries[0][0].endswith("games/s, 2 jobs)")
    assert summaries[1][0].endswith("games/s, Ray (local, 2 CPUs))")
    results = [json.loads(line) for line in written[1].splitlines()]
    assert [result["line"] for result in results] == list(range(1, 11))
    assert [result["valid"] for result in results] == [True] * 4 + [False] + [True] * 4 + [False]


@pytest.mark.ray
def test_calibrate_prints_the_same_report_and_picture_on_local_processes_and_on_ray(
        local_ray, tmp_path, capsys):
    args = ("calibrate", "--bots", "advisor,random", "--games", "4", "--seed", "3",
            "--budget-ms", "20", "--rules", '{"preset": "standard", "game_target": 25}')
    reports, pictures = [], []
    for how in (["--jobs", "2", "--batch", "1"], ["--ray", "local", "--batch", "1"]):
        picture = tmp_path / f"{len(pictures)}.svg"
        assert main([*args, *how, "--svg", str(picture)]) == 0
        reports.append([line for line in capsys.readouterr().out.splitlines()
                        if " s on " not in line and "written to" not in line])
        pictures.append(picture.read_bytes())
    assert reports[0] == reports[1] and pictures[0] == pictures[1]
    assert "expected calibration error" in reports[0][-1]


@pytest.mark.ray
def test_ray_gives_results_in_input_order(local_ray):
    from ginrules.cluster import RayRunner

    runner = RayRunner("local", batch=3)
    expected = [pair_seed(3, index) for index in range(20)]
    assert list(runner.map(pair_seed, ((3, index) for index in range(20)))) == expected
    assert runner.workers() == 2 and runner.label() == "Ray (local, 2 CPUs)"
    runner.close()  # Ray started by the fixture: left running
    assert local_ray.is_initialized()


def _listening(pids: set[int]) -> list[str]:
    """The addresses that the processes ``pids`` listen on for TCP (Linux's /proc)."""
    inodes = set()
    for pid in pids:
        try:
            for fd in os.scandir(f"/proc/{pid}/fd"):
                target = os.readlink(fd.path)
                if target.startswith("socket:["):
                    inodes.add(target[8:-1])
        except OSError:  # gone, or not ours to read
            continue
    found = []
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        for row in open(table).read().splitlines()[1:]:
            fields = row.split()
            if fields[3] == "0A" and fields[9] in inodes:  # LISTEN
                found.append(fields[1].split(":")[0])
    return found


def _session(sid: int) -> set[int]:
    """The processes of session ``sid``."""
    pids = set()
    for entry in os.scandir("/proc"):
        if entry.name.isdigit():
            try:
                stat = open(f"/proc/{entry.name}/stat").read()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[3]) == sid:
                pids.add(int(entry.name))
    return pids


@pytest.mark.ray
@pytest.mark.skipif(not os.path.isfile("/proc/net/tcp"), reason="reads Linux's /proc")
def test_a_local_ray_listens_on_the_loopback_address_alone():
    pytest.importorskip("ray", reason="Ray is not installed (pip install 'ginrules[cluster]')")
    run = subprocess.Popen([sys.executable, "-m", "ginrules", "selfplay", "--bots",
                            "simple,simple", "--games", "100000", "--ray", "local"],
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                           start_new_session=True, preexec_fn=interruptible)
    try:
        listening: list[str] = []
        for _ in range(300):  # until Ray's daemons and its two workers listen
            time.sleep(0.2)
            listening = _listening(_session(run.pid))
            if len(listening) >= 5 or run.poll() is not None:
                break
        assert run.poll() is None and len(listening) >= 5, listening
        loopback = {"0100007F", "00000000000000000000000001000000",
                    "0000000000000000FFFF00000100007F"}
        assert set(listening) <= loopback, listening
    finally:
        os.killpg(run.pid, signal.SIGINT)
        run.wait(timeout=60)


@pytest.mark.ray
def test_a_local_ray_says_nothing_of_its_own_to_the_user(tmp_path):
    """A first ``--ray local`` run of a user (no Ray token yet in their home): Ray makes its
    token and keeps it, and the command's error stream holds its own progress lines alone (if
    any), none of Ray's warnings."""
    pytest.importorskip("ray", reason="Ray is not installed (pip install 'ginrules[cluster]')")
    env = {key: value for key, value in os.environ.items() if not key.startswith("RAY_")}
    env["HOME"] = str(tmp_path)
    run = subprocess.run([sys.executable, "-m", "ginrules", "selfplay", "--bots",
                          "simple,random", "--games", "4", "--seed", "4", "--ray", "local"],
                         env=env, capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr
    # Its own progress lines, if any: a run that ends within the meter's quiet seconds
    # (meter.QUIET, Ray's start included) writes none.
    assert all(line.startswith("ginrules selfplay: ")
               for line in run.stderr.splitlines()), run.stderr
    assert (tmp_path / ".ray" / "auth_token").is_file()
    assert sum(int(line.split()[1]) for line in run.stdout.splitlines()[1:3]) == 4
    # The table's time is of the games; Ray's start is named beside it.
    assert " s on Ray (local, " in run.stdout and " CPUs, started in " in run.stdout


@pytest.mark.ray
def test_commands_join_a_running_ray_by_its_address_and_print_the_same_table(tmp_path):
    """Ray started once (``ray start --head``, as a workstation or a cluster's node keeps it)
    and each command a process of its own that joins it by address."""
    pytest.importorskip("ray", reason="Ray is not installed (pip install 'ginrules[cluster]')")
    from testkit.rayhead import ray_head

    command = [sys.executable, "-m", "ginrules", "selfplay", "--bots", "simple,random",
               "--games", "12", "--seed", "4"]
    alone = subprocess.run(command, capture_output=True, text=True, check=True).stdout
    with ray_head(2) as head:
        joined = [subprocess.run([*command, "--ray", head.address, "--batch", "2"],
                                 env=head.env, capture_output=True, text=True, check=True)
                  for _ in range(2)]
    tables = [[line for line in out.splitlines() if " s on " not in line]
              for out in (alone, *(run.stdout for run in joined))]
    assert tables[0] == tables[1] == tables[2] and len(tables[0]) == 3
    assert all(f"s on Ray ({head.address}, 2 CPUs, joined in " in run.stdout for run in joined)
    assert sum(int(line.split()[1]) for line in tables[0][1:]) == 12


@pytest.mark.parametrize("command", [("selfplay", "--bots", "simple,random", "--games", "2"),
                                     ("arena", "--bots", "simple,random", "--pairs", "1"),
                                     ("calibrate", "--bots", "advisor,random", "--games", "1"),
                                     ("replay", "-")])
def test_without_ray_the_ray_option_is_a_one_line_refusal_naming_the_extra(
        monkeypatch, capsys, command):
    monkeypatch.setitem(sys.modules, "ray", None)  # import ray fails, as where none is installed
    assert main([*command, "--ray", "local"]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err == (f"ginrules {command[0]}: --ray needs Ray, which is not installed: "
                            f"{EXTRA}\n")
    assert "ginrules[cluster]" in EXTRA


def test_jobs_goes_with_a_local_ray_only(capsys):
    assert main(["selfplay", "--bots", "simple,random", "--games", "2", "--ray", "auto",
                 "--jobs", "2"]) == 2
    assert "--jobs goes with --ray local only" in capsys.readouterr().err


def test_the_batch_commands_load_no_ray_unless_asked(tmp_path):
    ran = _run(tmp_path, "selfplay", "--bots", "simple,random", "--games", "2", "--jobs", "2")
    assert ran["out"] and "ray" not in ran["loaded"]


def test_ray_is_the_cluster_extra_and_not_a_dependency_of_the_service():
    import tomllib

    from testkit import ROOT

    project = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))["project"]
    assert not any(name.lower().startswith("ray") for name in project["dependencies"])
    extras = project["optional-dependencies"]
    assert [name.split(">")[0] for name in extras["cluster"]] == ["ray[client]"]
    assert EXTRA == "pip install 'ginrules[cluster]'"
