"""When the channel layer (Redis) fails, the tables go on from the database.

Every change is saved before its "version V" message is sent to the table's group, so a
layer that fails loses no move, only the news of it. Three things keep that news from
being lost for good (else: moves answered `server_error` although saved, sockets on every
process frozen until a reload, a new socket a 500):

* A failed send, join or leave of a group is logged and never reaches the socket: the
  mover gets the usual answer (the move is saved), a socket connects from the database.
  The sockets of this process hear the news at once anyway (`_tell_here`, see `send`).
* From the first failure, this process mends: every POLL seconds it reads the versions of
  the tables its sockets watch and sends each socket what it has not seen (the same
  "version V" message, put in the socket's own queue), and tries to put every socket back
  in its table's group. Once every join works, a last read catches up what was saved
  meanwhile, and it stops.
* A process that sends nothing would never see a failure, and Redis restarted empty has
  forgotten every group: so each process with sockets probes the layer every PROBE seconds
  with a message to a group of its own. A send that fails, or a message that does not come
  back, starts the mending (which joins the groups again). The mending ends only once such
  a message comes back: the pub/sub layer takes a join of a group it listens to already as
  done without Redis, and loses what is sent while its connection is away.

One reader per process (the hub): the process's own channel joins the group of every table
its sockets watch, once, and one task reads it, so a message from another process is
decoded once per process and handed to the sockets of its table (`_deliver`), rather than
decoded and dispatched by Channels' loop once per socket. A message this process sent comes
back through Redis too; the hub passes it by (its sockets heard it at once, `send`).

Only the layer's public calls are used, around it (new_channel, group_add, group_send,
receive), so the layer may be channels_redis as shipped.
"""

from __future__ import annotations

import asyncio
import logging
import uuid
import weakref
from typing import Any

from channels.layers import InMemoryChannelLayer, get_channel_layer

from games.models import Table
from games.snapshots import db_call

# An outage is two warnings per process: as the mending starts and as it ends (`_mend`,
# docs/operations.md). What fails meanwhile, each move, socket and probe, is DEBUG.
log = logging.getLogger(__name__)

POLL = 0.5  # seconds between two reads of the tables' versions while the layer fails
PROBE = 1.0  # seconds between two probes of the layer
PROBE_WAIT = 2.0  # a probe's message not back within this: the layer has lost it
# A call to the layer not done within this has failed: while Redis was away, the pub/sub
# layer's calls sometimes waited for its return (they share one lock per process with a
# subscription that waited), which held up moves, new sockets and the mending with them.
LAYER_WAIT = 2.0

# The sockets of this process, by table: the consumers themselves (`hear`, `sent`, `group`),
# from their join (before they read the table) to their leave.
_sockets: dict[str, weakref.WeakSet] = {}
_mending: asyncio.Task | None = None
_probing: asyncio.Task | None = None
# This process, on the messages it sends: the hub passes its own by.
ORIGIN = uuid.uuid4().hex
# The hub: its channel, the task that reads it, and its joins of the tables' groups, one a
# table, which every socket of the table joining meanwhile awaits: a socket reads its table
# only once the hub hears the table's news.
_hub_channel: str | None = None
_hub_reading: asyncio.Task | None = None
_hub_joins: dict[str, asyncio.Future] = {}
_hub_made = asyncio.Lock()


def group_name(slug: str) -> str:
    return f"table-{slug}"


def _layer():
    return get_channel_layer()


# -- the layer's calls, failures caught ---------------------------------------------------


def _retrieved(task: asyncio.Task) -> None:
    if not task.cancelled():
        task.exception()  # a send that failed after its wait: logged by the wait's end


async def send(slug: str, message: dict[str, Any]) -> None:
    """Tell the table's group; this process's own sockets hear it at once, and if the layer
    fails the others catch up from the database.

    Why at once: through Redis the news came back to its own process only after the publish
    and the subscription's delivery, and a process publishes one message at a time per
    connection (channels_redis's pub/sub layer holds a lock around each PUBLISH), so under
    load a move waited behind the others' publishes before even the sockets beside it heard
    of it (docs/benchmarks.md). The copy that comes back through Redis is passed by at the
    hub (`_deliver`)."""
    layer = _layer()
    _tell_here(slug, message)
    message = {**message, "slug": slug, "origin": ORIGIN}  # for the hubs (`_deliver`)
    sending = asyncio.ensure_future(layer.group_send(group_name(slug), message))
    sending.add_done_callback(_retrieved)
    try:
        # Not cancelled when slow: under load a send may wait its turn for seconds, and a
        # cancelled one would never reach the other processes; it goes on meanwhile.
        await asyncio.wait_for(asyncio.shield(sending), LAYER_WAIT)
    except Exception as error:
        log.debug("table %s: channel layer failed, catching up from the database: %r", slug, error)
        trouble()


async def join(consumer) -> None:
    """Count the socket among its table's here, and have the hub in the table's group
    (before the socket reads the table, consumers.connect: what changes after that read is
    handed to it); if the layer fails, the mending joins it later."""
    _sockets.setdefault(consumer.slug, weakref.WeakSet()).add(consumer)
    try:
        async with asyncio.timeout(LAYER_WAIT):
            await _hub_join(consumer.slug)
    except Exception as error:
        log.debug("table %s: channel layer failed on join: %r", consumer.slug, error)
        trouble()


async def leave(consumer) -> None:
    forget(consumer)
    if consumer.slug in _sockets or _hub_joins.pop(consumer.slug, None) is None:
        return  # another socket here still watches the table
    try:
        async with asyncio.timeout(LAYER_WAIT):
            await _layer().group_discard(group_name(consumer.slug), _hub_channel)
    except Exception as error:  # the group's entry expires in the layer
        log.debug("table %s: channel layer failed on leave: %r", consumer.slug, error)


# -- the hub ----------------------------------------------------------------------------------


async def _hub_join(slug: str) -> None:
    layer = _layer()
    await _open_hub(layer)
    joining = _hub_joins.get(slug)
    if joining is None or (joining.done() and (joining.cancelled() or joining.exception())):
        # A join that failed is made again by the next socket (or the mending).
        joining = asyncio.ensure_future(layer.group_add(group_name(slug), _hub_channel))
        joining.add_done_callback(_retrieved)
        _hub_joins[slug] = joining
    await asyncio.shield(joining)  # a socket's timeout leaves the join to the others


async def _open_hub(layer) -> None:
    """The process's channel and its reader, made once (a receive cancelled on a timeout
    would drop the channel from the pub/sub layer: one reader for the process's life)."""
    global _hub_channel, _hub_reading
    async with _hub_made:
        if _hub_channel is None:
            _hub_channel = await layer.new_channel("hub.")
        if _hub_reading is None or _hub_reading.done():
            _hub_reading = asyncio.get_running_loop().create_task(_read_hub(layer, _hub_channel))


async def _read_hub(layer, channel: str) -> None:
    while True:
        try:
            message = await layer.receive(channel)
        except asyncio.CancelledError:
            raise
        except Exception:  # the layer failing: the probe notices, the mending catches up
            await asyncio.sleep(PROBE)
            continue
        try:
            _deliver(message)
        except Exception:
            log.exception("table news could not be handed to the sockets: %r", message)


def _deliver(message: dict[str, Any]) -> None:
    """A table's news from another process, decoded once, to this process's sockets of it."""
    if message.get("origin") == ORIGIN:
        return  # sent from here: its sockets heard it at once (`send`)
    slug = message.get("slug")
    if slug is not None:
        _tell_here(slug, message)


# -- the sockets of this process ------------------------------------------------------------


def watch(consumer) -> None:
    """A socket that has read its table (counted here since its join): probing starts."""
    _start_probing()


def forget(consumer) -> None:
    sockets = _sockets.get(consumer.slug)
    if sockets is not None:
        sockets.discard(consumer)
        if not sockets:
            del _sockets[consumer.slug]


def _tell_here(slug: str, message: dict[str, Any]) -> None:
    for consumer in list(_sockets.get(slug, ())):
        consumer.hear(message)


# -- mending ----------------------------------------------------------------------------------


def trouble() -> None:
    """The layer failed: mend, unless this process is mending already."""
    global _mending
    if _mending is None or _mending.done():
        _mending = asyncio.get_running_loop().create_task(_mend())


@db_call
def _versions(slugs: list[str]) -> dict[str, int]:
    return dict(Table.objects.filter(slug__in=slugs).values_list("slug", "version"))


async def catch_up() -> None:
    """Send every socket of this process the version of its table it has not seen."""
    slugs = list(_sockets)
    if not slugs:
        return
    for slug, version in (await _versions(slugs)).items():
        for consumer in list(_sockets.get(slug, ())):
            if consumer.sent < version:
                consumer.hear({"type": "table.changed", "version": version})


async def _rejoin() -> bool:
    """The hub back in the group of every table with a socket here, and the probe in its
    own; False when the layer still fails."""
    layer = _layer()
    try:
        async with asyncio.timeout(LAYER_WAIT):
            await _open_hub(layer)
        for slug in list(_sockets):
            async with asyncio.timeout(LAYER_WAIT):
                await layer.group_add(group_name(slug), _hub_channel)
            joined = asyncio.get_running_loop().create_future()
            joined.set_result(None)
            _hub_joins[slug] = joined
        if _probe_channel is not None:
            async with asyncio.timeout(LAYER_WAIT):
                await layer.group_add(_probe_group, _probe_channel)
        # A join may be taken as done without Redis (the pub/sub layer: a group this process
        # listens to already); only a message that comes back says the layer delivers
        # again, and what was sent before that is caught up after it.
        return await _round_trip(layer)
    except Exception:
        return False


async def _mend() -> None:
    log.warning("channel layer failing: the tables' sockets catch up from the database")
    while True:
        try:
            await catch_up()
            if await _rejoin():
                await catch_up()  # what was saved before the groups were joined again
                log.warning("channel layer back: every socket rejoined and caught up")
                return
        except asyncio.CancelledError:
            raise
        except Exception as error:  # the database too may be out of reach: poll on
            log.debug("catching up failed, trying again: %r", error)
        await asyncio.sleep(POLL)


# -- probing ----------------------------------------------------------------------------------

_probe_group = f"probe-{uuid.uuid4().hex}"
_probe_channel: str | None = None
# The probe channel has one reader for the process's life (`_listen`): a receive cancelled
# on a timeout would drop the channel from the pub/sub layer. Round trips (the probe's, the
# mending's last check) take turns, each waiting for its own token.
_probe_heard: asyncio.Queue | None = None
_listening: asyncio.Task | None = None
_round_trips = asyncio.Lock()


def _start_probing() -> None:
    global _probing
    if isinstance(_layer(), InMemoryChannelLayer):
        return  # one process, in memory: nothing to lose
    if _probing is None or _probing.done():
        _probing = asyncio.get_running_loop().create_task(_probe())


async def _listen(layer, channel: str, heard: asyncio.Queue) -> None:
    while True:
        try:
            heard.put_nowait((await layer.receive(channel)).get("token"))
        except asyncio.CancelledError:
            raise
        except Exception:  # the layer failing: the round trips notice
            await asyncio.sleep(PROBE)


async def _round_trip(layer) -> bool:
    """Whether a message to the probe's group comes back within PROBE_WAIT (a send that
    fails raises)."""
    global _probe_channel, _probe_heard, _listening
    async with _round_trips:
        if _probe_channel is None:
            async with asyncio.timeout(LAYER_WAIT):
                _probe_channel = await layer.new_channel()
            _probe_heard = asyncio.Queue()
            _listening = asyncio.get_running_loop().create_task(
                _listen(layer, _probe_channel, _probe_heard)
            )
            async with asyncio.timeout(LAYER_WAIT):
                await layer.group_add(_probe_group, _probe_channel)
        token = uuid.uuid4().hex
        async with asyncio.timeout(LAYER_WAIT):
            await layer.group_send(_probe_group, {"type": "probe", "token": token})
        try:
            async with asyncio.timeout(PROBE_WAIT):
                while await _probe_heard.get() != token:
                    pass  # an earlier probe's, late
        except TimeoutError:
            return False
        return True


async def _probe() -> None:
    layer = _layer()
    while _sockets:
        try:
            if not await _round_trip(layer):
                raise TimeoutError("the probe's message never came back")
        except asyncio.CancelledError:
            raise
        except Exception as error:  # failed, or the message never came back
            log.debug("channel layer probe failed: %r", error)
            trouble()
            if _mending is not None:
                await asyncio.shield(_mending)
            continue
        await asyncio.sleep(PROBE)


async def stop() -> None:
    """Cancel the mending and the probe (the end of a test, or of a server's life)."""
    global _mending, _probing, _probe_channel, _probe_heard, _listening, _round_trips
    global _hub_channel, _hub_reading, _hub_made
    tasks = [t for t in (_mending, _probing, _listening, _hub_reading) if t is not None]
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    _mending = _probing = _probe_channel = _probe_heard = _listening = None
    _hub_channel = _hub_reading = None
    _round_trips = asyncio.Lock()  # a test's next event loop
    _hub_made = asyncio.Lock()
    _hub_joins.clear()
    _sockets.clear()
