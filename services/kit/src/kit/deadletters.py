"""Dead letters: list a consumer's dead-letter queue, and replay it into the consumer's queue after a fix.

    python -m kit.deadletters list   <queue> [--broker-url amqp://...]
    python -m kit.deadletters replay <queue> [--broker-url amqp://...] [--limit N]

<queue> is the consumer's queue, `<queue prefix>.<consumer>` (e.g. `surveyops.calling`); its dead letters are in
`<queue>.dlq` (kit.events.RabbitBus). An event lands there when its consumer failed it `x-delivery-limit` times
(or at once when it is malformed). Once the cause is fixed (a deploy, a repaired row), `replay` moves each dead
letter back into the consumer's own queue only (the default exchange, routed by queue name: no other consumer
sees it twice), as a fresh message with the same id, type, body and trace headers, and acknowledges it in the DLQ
only after the broker confirmed the republish: a crash in between leaves it in both, and the consumer's inbox
absorbs the second copy. Prints what it did; `/metrics` shows the DLQ depth as `dead_letter_queue_depth`.
The broker URL defaults to $SURVEYOPS_AMQP, then the local development broker.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import sys

DEFAULT_BROKER = "amqp://guest:guest@127.0.0.1:5672/"
# Headers the broker adds when dead-lettering; the replayed message starts a fresh delivery count.
_BROKER_HEADERS = ("x-death", "x-first-death-exchange", "x-first-death-queue", "x-first-death-reason",
                   "x-last-death-exchange", "x-last-death-queue", "x-last-death-reason", "x-delivery-count")


def _describe(message) -> str:
    try:
        envelope = json.loads(message.body)
        head = f"{envelope.get('type')} {envelope.get('id')}" if isinstance(envelope, dict) else "not an envelope"
    except (json.JSONDecodeError, UnicodeDecodeError):
        head = "malformed body"
    deaths = (message.headers or {}).get("x-death") or []
    reason = deaths[0].get("reason") if deaths and isinstance(deaths[0], dict) else None
    return f"{head} ({len(message.body)} bytes{', ' + str(reason) if reason else ''})"  # never the data itself


async def _list(url: str, queue: str) -> int:
    import aio_pika

    conn = await aio_pika.connect(url, timeout=10)
    try:
        ch = await conn.channel()
        dlq = await ch.declare_queue(f"{queue}.dlq", passive=True)
        n = dlq.declaration_result.message_count
        print(f"{queue}.dlq: {n} dead letter(s)")
        return n
    finally:
        await conn.close()


async def replay(url: str, queue: str, limit: int | None = None) -> int:
    """Move up to `limit` (all when None) dead letters of `queue` back into it; returns how many were moved."""
    import aio_pika

    conn = await aio_pika.connect(url, timeout=10)
    moved = 0
    try:
        ch = await conn.channel(publisher_confirms=True)
        await ch.declare_queue(queue, passive=True)  # the consumer's queue must exist: never replay into nothing
        dlq = await ch.declare_queue(f"{queue}.dlq", passive=True)
        while limit is None or moved < limit:
            message = await dlq.get(no_ack=False, fail=False, timeout=10)
            if message is None:
                break
            headers = {k: v for k, v in (message.headers or {}).items() if k not in _BROKER_HEADERS}
            headers["x-replayed-from"] = f"{queue}.dlq"
            copy = aio_pika.Message(message.body, content_type=message.content_type, headers=headers,
                                    delivery_mode=aio_pika.DeliveryMode.PERSISTENT, message_id=message.message_id,
                                    type=message.type)
            try:
                await ch.default_exchange.publish(copy, routing_key=queue, timeout=10)  # waits for the confirm
            except BaseException:
                await message.nack(requeue=True)  # stays a dead letter
                raise
            await message.ack()
            moved += 1
            print(f"replayed {_describe(message)}")
        print(f"{queue}: {moved} dead letter(s) replayed")
        return moved
    finally:
        await conn.close()


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m kit.deadletters", description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("command", choices=("list", "replay"))
    ap.add_argument("queue", help="the consumer's queue, <queue prefix>.<consumer>")
    ap.add_argument("--broker-url", default=os.environ.get("SURVEYOPS_AMQP", DEFAULT_BROKER))
    ap.add_argument("--limit", type=int, default=None, help="replay at most this many (default: all)")
    a = ap.parse_args(argv)
    if a.queue.endswith(".dlq"):
        ap.error("give the consumer's queue, not its .dlq")
    try:
        if a.command == "list":
            asyncio.run(_list(a.broker_url, a.queue))
        else:
            asyncio.run(replay(a.broker_url, a.queue, a.limit))
    except Exception as exc:  # noqa: BLE001 - a clear line, not a traceback, for an operator
        print(f"{a.command} {a.queue} failed: {type(exc).__name__}: {exc}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
