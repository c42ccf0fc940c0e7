"""`thunee-dsl editor` says where the app is (Streamlit's own banner is off, see editor/.streamlit)."""

from __future__ import annotations

import ipaddress

from thunee_dsl.cli import editor


def test_the_address_given_is_the_address_shown():
    assert editor.where("127.0.0.1", 9000) == "http://127.0.0.1:9000"
    assert editor.where("localhost", 8501) == "http://localhost:8501"


def test_on_every_interface_the_network_address_is_shown_too(monkeypatch):
    monkeypatch.setattr(editor, "_network_address", lambda: "192.168.1.5")
    assert editor.where("0.0.0.0", 8501) == ("http://localhost:8501, and from other devices on this network "
                                             "http://192.168.1.5:8501")
    monkeypatch.setattr(editor, "_network_address", lambda: None)  # no network: the local address only
    assert editor.where("0.0.0.0", 8501) == "http://localhost:8501"


def test_the_network_address_is_an_address_of_this_machine_or_none():
    found = editor._network_address()
    assert found is None or not ipaddress.ip_address(found).is_loopback


def test_an_address_that_is_not_this_machines_is_refused_in_words_before_streamlit_starts(capsys, monkeypatch):
    """`--address 999.1.1.1` (or another machine's, or a byte that is not text) ended in Streamlit's traceback."""
    import subprocess

    from thunee_dsl.cli.main import main

    def never(*args, **kwargs):
        raise AssertionError("Streamlit was started")

    monkeypatch.setattr(subprocess, "Popen", never)
    for address, why in (("999.1.1.1", "("), ("192.0.2.1", "("), ("st\udcffx", "not a host name"),
                         ("a" * 300, "not a host name")):
        assert main(["editor", "--address", address]) == 2
        err = capsys.readouterr().err
        assert err.startswith("error: --address ") and "is not an address of this machine" in err, err
        assert why in err and "Traceback" not in err and "idna" not in err, err
        err.encode("ascii")  # printable anywhere: a byte that is not text is shown as its escape
    for fine in ("localhost", "127.0.0.1", "0.0.0.0", ""):
        assert editor.address_problem(fine) is None, fine


def test_a_port_in_use_is_said_before_the_app_is_said_to_be_there(capsys, monkeypatch):
    """Streamlit said "Port N is not available" after this command had printed the app's address."""
    import socket
    import subprocess

    from thunee_dsl.cli.main import main

    monkeypatch.setattr(subprocess, "Popen", lambda *a, **k: (_ for _ in ()).throw(AssertionError("started")))
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        assert main(["editor", "--address", "127.0.0.1", "--port", str(port)]) == 2
    err = capsys.readouterr().err
    assert err == f"error: port {port} is in use (another program, or the editor already running?): choose " \
                  "another with --port\n", err
