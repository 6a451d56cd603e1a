"""Declare the event topology (exchange, every consumer's quorum queue, bindings, dead-letter queue) before
the services start, so an event published by one service before another has connected is never dropped.

python -m kit.declare --broker-url URL --exchange X --queue-prefix P [--delivery-limit 5] identity projects ...
"""

import argparse
import asyncio
import importlib

from kit.db import Database
from kit.events import RabbitBus


def consumers_of(service: str) -> list:
    spec = importlib.import_module(f"{service}.main").SPEC
    # The engine is created lazily: nothing connects to the service's database here.
    return spec.consumers(Database("sqlite://", spec.base))


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--broker-url", required=True)
    ap.add_argument("--exchange", default="surveyops")
    ap.add_argument("--queue-prefix", default="surveyops")
    ap.add_argument("--delivery-limit", type=int, default=5)
    ap.add_argument("services", nargs="+")
    a = ap.parse_args()
    consumers = [c for svc in a.services for c in consumers_of(svc)]
    bus = RabbitBus(a.broker_url, a.exchange, a.queue_prefix, a.delivery_limit)
    for q in asyncio.run(bus.declare_only(consumers)):
        print(q)


if __name__ == "__main__":
    main()
