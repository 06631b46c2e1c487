"""The append-only log file: a header frame, then one frame per journal entry.

Layout: the 8-byte magic ``COINLAKE``, then frames. A frame is a 4-byte big-endian payload
length, an 8-byte BLAKE2b digest, and the msgpack payload. Each digest covers the payload
*and the previous frame's digest*, so a frame cannot be altered, dropped or moved without
breaking every digest after it. Frame ``None`` is the header; journal frames count from 0.

Reading never trusts the file: sizes are bounded before anything is allocated, msgpack is
decoded with limits and no extension types, and every frame is schema-checked by the caller.
A file that ends inside a frame (a crash while writing) yields every complete frame before it
and ``torn=True``.
"""

from __future__ import annotations

import hashlib
import os
import struct
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any, BinaryIO

import msgpack
from attrs import frozen

from coinlake.errors import LogFileError

MAGIC = b"COINLAKE"
FORMAT_VERSION = 1
MAX_HEADER_BYTES = 64 * 1024
MAX_FRAME_BYTES = 4 * 1024 * 1024
MAX_FRAMES = 10_000_000
_PREFIX = struct.Struct(">I8s")


@frozen
class LogContents:
    """What a log file holds: its header, its frames' payloads, and whether its last frame
    was torn (incomplete) and dropped."""

    header: dict[str, Any]
    frames: tuple[dict[str, Any], ...]
    torn: bool


def digest(payload: bytes, previous: bytes) -> bytes:
    """The chained 8-byte digest of one frame."""
    return hashlib.blake2b(previous + payload, digest_size=8).digest()


def pack(obj: dict[str, Any]) -> bytes:
    """msgpack bytes of a plain dict (deterministic for the same input)."""
    out: bytes = msgpack.packb(obj, use_bin_type=True)
    return out


def _unpack(data: bytes, frame: int | None) -> dict[str, Any]:
    try:
        obj = msgpack.unpackb(
            data,
            raw=False,
            strict_map_key=True,
            ext_hook=_no_ext,
        )
    except Exception as exc:
        raise LogFileError(f"payload is not valid msgpack ({exc})", frame=frame) from None
    if not isinstance(obj, dict):
        raise LogFileError("payload is not a map", frame=frame)
    return obj


def _no_ext(code: int, data: bytes) -> Any:
    raise ValueError(f"msgpack extension type {code} is not allowed")


class LogWriter:
    """Appends frames to a log file, flushing each so a crash loses at most the last one."""

    def __init__(self, path: Path, header: dict[str, Any] | None, last_digest: bytes = b"") -> None:
        self.path = path
        self._last = last_digest
        self._file: BinaryIO
        if header is not None:
            self._file = open(path, "wb")  # noqa: SIM115 - closed in close()
            self._file.write(MAGIC)
            self._write(pack(header))
        else:
            self._file = open(path, "ab")  # noqa: SIM115
        self._file.flush()

    def _write(self, payload: bytes) -> None:
        if len(payload) > MAX_FRAME_BYTES:
            raise ValueError(f"frame of {len(payload)} bytes exceeds {MAX_FRAME_BYTES}")
        d = digest(payload, self._last)
        self._file.write(_PREFIX.pack(len(payload), d) + payload)
        self._last = d

    def append(self, frames: Iterable[dict[str, Any]]) -> None:
        """Append frames and flush them to disk."""
        for frame in frames:
            self._write(pack(frame))
        self._file.flush()
        os.fsync(self._file.fileno())

    def close(self) -> None:
        self._file.close()


def _frames(data: bytes) -> Iterator[tuple[int | None, bytes | None, bytes]]:
    """Yield ``(index, payload, digest)``; payload ``None`` marks a torn tail."""
    pos, index, previous = len(MAGIC), None, b""
    limit = MAX_HEADER_BYTES
    count = 0
    while pos < len(data):
        if len(data) - pos < _PREFIX.size:
            yield index, None, previous
            return
        length, stored = _PREFIX.unpack_from(data, pos)
        if length > limit:
            raise LogFileError(f"frame length {length} exceeds the limit {limit}", frame=index)
        start = pos + _PREFIX.size
        if start + length > len(data):
            yield index, None, previous
            return
        payload = data[start : start + length]
        if digest(payload, previous) != stored:
            raise LogFileError("checksum mismatch: the frame was altered or reordered", frame=index)
        yield index, payload, stored
        previous, pos = stored, start + length
        index = count
        count += 1
        limit = MAX_FRAME_BYTES
        if count > MAX_FRAMES:
            raise LogFileError(f"more than {MAX_FRAMES} frames", frame=index)


def read_log(path: str | Path) -> tuple[LogContents, bytes]:
    """Read and check a log file; returns its contents and the last good frame's digest."""
    data = Path(path).read_bytes()
    if not data.startswith(MAGIC):
        raise LogFileError("not a coinlake log file (bad magic)", frame=None)
    header: dict[str, Any] | None = None
    frames: list[dict[str, Any]] = []
    torn = False
    last = b""
    for index, payload, d in _frames(data):
        if payload is None:
            if header is None:
                raise LogFileError("the header is incomplete", frame=None)
            torn = True
            break
        obj = _unpack(payload, index)
        if header is None:
            header = obj
        else:
            frames.append(obj)
        last = d
    if header is None:
        raise LogFileError("the file has no header", frame=None)
    return LogContents(header, tuple(frames), torn), last
