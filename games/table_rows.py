"""The live table's row, read and written by the statements every move makes, with their SQL
compiled once per thread instead of once per call.

Why: in the 150-table load test (docs/benchmarks.md) the ORM building the same statements
again for every move (the locked read, the version-checked update, the other process's read)
cost more of the servers' CPU than anything else: through `QuerySet.get` a read of the row
with its league costs several times the database's own answer. The statements are still
the ORM's (compiled from querysets, quoted and converted by the backend in use), so this
module only saves the repetition:

    read(model=..., pk=..., lock=True)
                              the row locked until the transaction ends (PostgreSQL:
                              FOR UPDATE OF the table's row alone), its league with it
    read(model=..., slug=...) the row as it is, its league with it
    update_if_version(table, old, fields, updated_at=None)
                              write `fields` where the row is still at version `old`
                              (and, given, still last changed at `updated_at`)

A compiled statement holds the thread's connection wrapper (its converters are bound to it),
so each thread compiles its own, once. `model` is the table's model (games.models.Table):
this module is below it and its mixins (games.table_play reads and writes through it), so it
is given the model rather than importing it.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING, Any

from django.db import DEFAULT_DB_ALIAS, connections
from django.db.models import JSONField, Model

from games import json_text

if TYPE_CHECKING:
    from django.db.backends.base.base import BaseDatabaseWrapper
    from django.db.models.sql.compiler import SQLCompiler

_local = threading.local()


@dataclass(frozen=True)
class _Read:
    connection: BaseDatabaseWrapper
    sql: str
    compiler: SQLCompiler
    converters: dict[int, Any]
    table_at: tuple[int, ...]  # the row's positions of the table's fields
    table_names: tuple[str, ...]
    league_at: tuple[int, ...]  # and of its league's
    league_names: tuple[str, ...]


def _compiled(model: type[Model], kind: str, using: str) -> _Read:
    connection = connections[using]
    cache = getattr(_local, "reads", None)
    if cache is None:
        cache = _local.reads = {}
    found = cache.get((model, kind, using))
    if found is not None and found.connection is connection:
        return found
    queryset = model.objects.using(using).select_related("league").order_by()
    if kind == "lock":
        # Only the table's row: the league's is read, not locked (and may be absent).
        queryset = queryset.select_for_update(of=("self",)).filter(pk=0)
    else:
        queryset = queryset.filter(slug="")
    compiler = queryset.query.get_compiler(using=using)
    sql, params = compiler.as_sql()
    if len(params) != 1:  # the one placeholder the value goes into
        raise RuntimeError(f"unexpected parameters for the table's {kind} read: {params!r}")
    info = compiler.klass_info
    (league_info,) = info["related_klass_infos"]

    def layout(positions: list[int]) -> tuple[tuple[int, ...], tuple[str, ...]]:
        names = tuple(compiler.select[i][0].target.attname for i in positions)
        return tuple(positions), names

    table_at, table_names = layout(info["select_fields"])
    league_at, league_names = layout(league_info["select_fields"])
    read = _Read(
        connection=connection,
        sql=sql,
        compiler=compiler,
        converters=_with_fast_json(compiler.get_converters([e for e, _, _ in compiler.select])),
        table_at=table_at,
        table_names=table_names,
        league_at=league_at,
        league_names=league_names,
    )
    cache[(model, kind, using)] = read
    return read


def _json_from_db(value: Any, expression: Any, connection: Any) -> Any:
    # JSONField.from_db_value for the fields without a decoder of their own, by orjson.
    return None if value is None else json_text.loads(value)


def _with_fast_json(converters: dict[int, Any]) -> dict[int, Any]:
    fast = {}
    for position, (functions, expression) in converters.items():
        field = getattr(expression, "target", None)
        if isinstance(field, JSONField) and field.decoder is None:
            functions = [
                _json_from_db if getattr(f, "__func__", None) is JSONField.from_db_value else f
                for f in functions
            ]
        fast[position] = (functions, expression)
    return fast


def _to_db(field: Any, value: Any, connection: BaseDatabaseWrapper) -> Any:
    """The value as `QuerySet.update` would send it, JSON encoded by orjson (as
    `connection.ops.adapt_json_value` would by json: PostgreSQL's jsonb adapter, else text)."""
    if not isinstance(field, JSONField) or field.encoder is not None or value is None:
        return field.get_db_prep_save(value, connection)
    if connection.vendor == "postgresql":
        from psycopg.types.json import Jsonb

        return Jsonb(value, dumps=json_text.dumps)
    return json_text.dumps(value)


def read(
    *,
    model: type[Model],
    pk: int | None = None,
    slug: str | None = None,
    lock: bool = False,
    using: str = "",
) -> Model:
    """The table (an instance of `model`) by pk (locked with `lock`, inside a transaction)
    or by slug, with its league; raises model.DoesNotExist as `QuerySet.get` would."""
    using = using or DEFAULT_DB_ALIAS
    if lock and pk is None:
        raise ValueError("a locked read is by pk")
    compiled = _compiled(model, "lock" if lock else "slug", using)
    with compiled.connection.cursor() as cursor:
        cursor.execute(compiled.sql, [pk if lock else slug])
        row = cursor.fetchone()
    if row is None:
        raise model.DoesNotExist(f"{model.__name__} matching query does not exist.")
    if compiled.converters:
        row = next(compiled.compiler.apply_converters([row], compiled.converters))
    table = model.from_db(using, compiled.table_names, [row[i] for i in compiled.table_at])
    if table.league_id is not None:
        league_field = model.league.field
        league = league_field.related_model.from_db(
            using, compiled.league_names, [row[i] for i in compiled.league_at]
        )
        league_field.set_cached_value(table, league)
    return table


def update_if_version(
    table: Model,
    old: int,
    fields: dict[str, Any],
    using: str = "",
    updated_at: datetime | None = None,
) -> bool:
    """UPDATE the table's row with `fields` (attname → value) where its version is still
    `old` and, with `updated_at`, its last change was made at that moment; whether a row
    was written. The values go through each field's own preparation for the database (JSON,
    datetimes), as `QuerySet.update` would."""
    using = using or DEFAULT_DB_ALIAS
    connection = connections[using]
    sql, model_fields = _update_statement(
        type(table), connection, tuple(fields), updated_at is not None
    )
    values = [_to_db(f, v, connection) for f, v in zip(model_fields, fields.values(), strict=True)]
    values += [table.pk, old]
    if updated_at is not None:
        values.append(_to_db(type(table)._meta.get_field("updated_at"), updated_at, connection))
    with connection.cursor() as cursor:
        cursor.execute(sql, values)
        return cursor.rowcount == 1


_updates: dict[tuple[Any, ...], tuple[str, list[Any]]] = {}


def _update_statement(
    model: type[Model], connection: BaseDatabaseWrapper, names: tuple[str, ...], since: bool
) -> tuple[str, list[Any]]:
    """The UPDATE for these fields on this kind of database, made once; `since`: with the
    condition on the time of the row's last change."""
    key = (model, connection.vendor, names, since)
    found = _updates.get(key)
    if found is None:
        meta = model._meta
        quote = connection.ops.quote_name
        model_fields = [meta.get_field(name) for name in names]
        columns = ", ".join(f"{quote(field.column)} = %s" for field in model_fields)
        sql = (
            f"UPDATE {quote(meta.db_table)} SET {columns} "
            f"WHERE {quote(meta.pk.column)} = %s AND {quote(meta.get_field('version').column)} = %s"
        )
        if since:
            sql += f" AND {quote(meta.get_field('updated_at').column)} = %s"
        found = _updates[key] = (sql, model_fields)
    return found
