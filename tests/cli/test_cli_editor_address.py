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
