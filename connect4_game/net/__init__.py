"""Play a friend on another computer: host or join a game over TCP (LAN); none of it
imports pygame (the modules and a host's use: docs/network.md)."""
