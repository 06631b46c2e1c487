"""The append-only log file: framing, checksums, streaming reads.

Format 2 (written by this version)
----------------------------------
The 8-byte magic ``COINLAK2``, then frames. Frame ``None`` is the header (a msgpack map);
journal frames count from 0 (positional msgpack arrays, see :mod:`coinlake.store`). A frame
is a 16-byte prefix and a msgpack payload::

    length  u32 big-endian   payload size in bytes
    digest  8 bytes          BLAKE2b-64(previous digest + payload)
    check   u32 big-endian   CRC-32(length + digest), continuing from the previous check
    payload length bytes

"Previous" means the frame before; for the header, the previous digest is the magic itself
and the previous check the CRC-32 of the magic. Both chain: a frame cannot be altered,
dropped or moved without breaking every digest and check after it. The ``check`` makes each
prefix verifiable on its own, *before* its length is trusted: a damaged length, digest or
check in any frame, last one included, is reported as corruption naming that frame. The
only damage that is recovered is a **torn tail**, the trace of a crash while appending: the
file ends inside the last frame's prefix, or after a good prefix whose payload is cut short.
Everything before it is kept and ``torn`` is set.

Format 1 (read only)
--------------------
The magic ``COINLAKE``; a 12-byte prefix (``u32`` length, BLAKE2b-64 of previous digest +
payload, the first previous digest being empty) and a msgpack map per frame. Its prefixes
carry no check, so a damaged length there can only be caught by the size limits, the
digest, or (at the end of the file) be read as a torn tail.

Reading never trusts the file: the file size is capped before anything is read
(:data:`MAX_FILE_BYTES`), frames are read in chunks of at most :data:`CHUNK_BYTES` plus one
frame (bounded memory whatever the file size or frame count), every length is bounded
before it is used, and payloads are decoded with no extension types and no coercion.
"""

from __future__ import annotations

import hashlib
import os
import struct
import zlib
from collections.abc import Iterable, Iterator
from pathlib import Path
from types import TracebackType
from typing import Any, BinaryIO

import msgpack
from attrs import frozen

from coinlake.errors import LogFileError

MAGIC = b"COINLAK2"
"""Magic of format 2, the format written."""
MAGIC_V1 = b"COINLAKE"
"""Magic of format 1 (read only)."""
FORMAT_VERSION = 2
MAX_HEADER_BYTES = 64 * 1024
MAX_FRAME_BYTES = 4 * 1024 * 1024
MAX_FRAMES = 10_000_000
MAX_FILE_BYTES = 256 * 1024 * 1024
"""Larger files are refused before anything is read (a Full game takes well under 1 MB)."""
CHUNK_BYTES = 256 * 1024
"""Bytes read at a time: the reader holds at most this plus one frame."""

PREFIX = struct.Struct(">I8sI")
"""Format 2 frame prefix: length, digest, check."""
FIRST_CHECK = zlib.crc32(MAGIC)
"""The CRC-32 the header's check continues from."""
PREFIX_V1 = struct.Struct(">I8s")
"""Format 1 frame prefix: length, digest."""

_blake2b = hashlib.blake2b
_crc32 = zlib.crc32


def digest(payload: bytes, previous: bytes) -> bytes:
    """The chained 8-byte digest of one frame."""
    return _blake2b(previous + payload, digest_size=8).digest()


def frame_bytes(payload: bytes, previous: bytes, check: int) -> tuple[bytes, bytes, int]:
    """A whole format 2 frame (prefix + payload) after the frame with digest ``previous``
    and check ``check`` (for the header: :data:`MAGIC` and :data:`FIRST_CHECK`); returns
    it with its own digest and check."""
    d = _blake2b(previous + payload, digest_size=8).digest()
    n = len(payload)
    c = _crc32(n.to_bytes(4, "big") + d, check)
    return PREFIX.pack(n, d, c) + payload, d, c


def pack(obj: Any) -> bytes:
    """msgpack bytes of plain data (deterministic for the same input)."""
    out: bytes = msgpack.packb(obj, use_bin_type=True)
    return out


def _no_ext(code: int, data: bytes) -> Any:
    raise ValueError(f"msgpack extension type {code} is not allowed")


def unpack(data: bytes) -> Any:
    """Decode one payload: arrays as tuples, strings as UTF-8, maps with string keys only,
    no extension types. Raises ``ValueError`` (or another ``Exception``) when malformed."""
    return msgpack.unpackb(data, use_list=False, raw=False, strict_map_key=True, ext_hook=_no_ext)


def unpack_frame(data: bytes, frame: int | None) -> Any:
    """:func:`unpack`, with errors turned into :class:`LogFileError` naming ``frame``."""
    try:
        return unpack(data)
    except Exception as exc:
        raise LogFileError(f"payload is not valid msgpack ({exc})", frame=frame) from None


# -- reading ---------------------------------------------------------------------------------
class LogReader:
    """Streams the frames of a log file, checking sizes and checksums as it goes.

    Use it as a context manager. :meth:`header` returns the header's payload; then
    :meth:`batches` yields the journal frames' payloads in lists of consecutive frames (all
    the complete frames of one chunk read), which spares a generator step per frame.
    Iterating the reader itself yields ``(index, payload)`` pairs instead, ``None`` for the
    header. Reading stops at the end of the file or at a torn tail (``torn`` set); anything
    else wrong raises :class:`LogFileError` naming the frame. Afterwards ``frames`` is the
    number of journal frames read, ``end`` the byte offset just after the last good frame,
    ``last_digest`` that frame's digest.
    """

    def __init__(self, path: str | Path, *, max_bytes: int | None = None) -> None:
        cap = MAX_FILE_BYTES if max_bytes is None else max_bytes
        self.path = Path(path)
        try:
            self._file: BinaryIO = open(self.path, "rb")  # noqa: SIM115 - closed in close()
        except OSError as exc:
            raise LogFileError(f"cannot open the file ({exc.strerror})", frame=None) from None
        try:
            self.size = os.fstat(self._file.fileno()).st_size
            if self.size > cap:
                raise LogFileError(
                    f"file of {self.size} bytes exceeds the limit of {cap} bytes", frame=None
                )
            magic = self._file.read(len(MAGIC))
            if magic == MAGIC:
                self.format = 2
            elif magic == MAGIC_V1:
                self.format = 1
            else:
                raise LogFileError("not a coinlake log file (bad magic)", frame=None)
        except BaseException:
            self._file.close()
            raise
        self.torn = False
        self.frames = 0
        self.end = len(MAGIC)
        self.last_digest = MAGIC if self.format == 2 else b""
        self.last_check = FIRST_CHECK
        self._scan = self._scanner()

    def __enter__(self) -> LogReader:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()

    def close(self) -> None:
        self._file.close()

    def header(self) -> bytes:
        """The header frame's payload (read first); raises if there is none."""
        batch = next(self._scan, None)
        if batch is None:
            raise LogFileError("the file has no header", frame=None)
        return batch[0]

    def batches(self) -> Iterator[list[bytes]]:
        """The journal frames' payloads, in order, a list at a time (after :meth:`header`)."""
        return self._scan

    def __iter__(self) -> Iterator[tuple[int | None, bytes]]:
        yield None, self.header()
        index = 0
        for batch in self._scan:
            for payload in batch:
                yield index, payload
                index += 1

    def _scanner(self) -> Iterator[list[bytes]]:
        """Yield the header alone, then lists of journal frames (see the module docstring
        for the layout and what counts as torn)."""
        v2 = self.format == 2
        prefix = PREFIX if v2 else PREFIX_V1
        psize = prefix.size
        unpack_prefix = prefix.unpack_from
        crc32 = _crc32
        blank = _blake2b(digest_size=8).copy  # a fresh BLAKE2b-64, cheaper than the constructor
        read = self._file.read
        size = self.size
        buf = b""
        off = 0  # position in buf of the next frame
        pos = len(MAGIC)  # file offset of the next frame (that is, of buf[off])
        previous = self.last_digest
        check_chain = FIRST_CHECK
        index: int | None = None  # of the next frame; None: the header
        limit = MAX_HEADER_BYTES
        need = psize  # bytes wanted in buf from off before parsing can go on
        while True:
            batch: list[bytes] = []
            while True:
                remaining = size - pos
                if remaining == 0:
                    if batch:
                        self._reached(pos, previous, check_chain, index)
                        yield batch
                    return
                if remaining < psize:
                    if batch:
                        self._reached(pos, previous, check_chain, index)
                        yield batch
                    self._torn(index)
                    return
                if len(buf) - off < psize:
                    need = psize
                    break
                if v2:
                    length, stored, check = unpack_prefix(buf, off)
                    chained = crc32(buf[off : off + 12], check_chain)
                    if chained != check:
                        raise LogFileError(
                            "damaged frame prefix (its length, digest or check was altered)",
                            frame=index,
                        )
                else:
                    length, stored = unpack_prefix(buf, off)
                    chained = 0
                if length > limit:
                    raise LogFileError(
                        f"frame length {length} exceeds the limit {limit}", frame=index
                    )
                if remaining - psize < length:
                    if batch:
                        self._reached(pos, previous, check_chain, index)
                        yield batch
                    self._torn(index)
                    return
                end = off + psize + length
                if end > len(buf):
                    need = psize + length
                    break
                payload = buf[off + psize : end]
                hasher = blank()
                hasher.update(previous + payload)
                if hasher.digest() != stored:
                    raise LogFileError(
                        "checksum mismatch: the frame was altered or reordered", frame=index
                    )
                previous, check_chain = stored, chained
                pos += psize + length
                off = end
                if index is None:
                    self.end, self.last_digest, self.last_check = pos, stored, chained
                    index, limit = 0, MAX_FRAME_BYTES
                    yield [payload]
                    continue
                batch.append(payload)
                index += 1
                if index >= MAX_FRAMES and size > pos:
                    raise LogFileError(f"more than {MAX_FRAMES} frames", frame=index)
            if batch:
                self._reached(pos, previous, check_chain, index)
                yield batch
            # read more: what remains of buf, then at least a chunk (never past the size)
            buf = buf[off:] + read(min(size - pos - (len(buf) - off), max(CHUNK_BYTES, need)))
            off = 0
            if len(buf) < need:  # the file shrank while being read: the tail is torn
                self._torn(index)
                return

    def _reached(self, end: int, digest: bytes, check: int, frames: int | None) -> None:
        """Publish how far the good frames go (before yielding a batch of them)."""
        self.end, self.last_digest, self.last_check = end, digest, check
        self.frames = frames or 0

    def _torn(self, index: int | None) -> None:
        if index is None:
            raise LogFileError("the header is incomplete", frame=None)
        self.torn = True


@frozen
class LogContents:
    """A whole log file decoded into memory (:func:`read_log`): its format version, header,
    frames' payloads, and whether its last frame was torn and dropped."""

    header: Any
    frames: tuple[Any, ...]
    torn: bool
    format: int = FORMAT_VERSION


def read_log(path: str | Path) -> tuple[LogContents, bytes]:
    """Read, check and decode a whole log file (for tools and tests; loading a game streams
    instead). Returns its contents and the last good frame's digest."""
    header: Any = None
    frames: list[Any] = []
    with LogReader(path) as reader:
        for index, payload in reader:
            obj = unpack_frame(payload, index)
            if index is None:
                header = obj
            else:
                frames.append(obj)
        return LogContents(header, tuple(frames), reader.torn, reader.format), reader.last_digest


# -- writing ---------------------------------------------------------------------------------
class LogWriter:
    """Appends format 2 frames to a log file; :meth:`append` flushes and syncs, so a crash
    loses at most the frames being appended (a torn tail)."""

    def __init__(
        self,
        path: Path,
        header: bytes | None,
        last_digest: bytes = MAGIC,
        last_check: int = FIRST_CHECK,
    ) -> None:
        """A new file holding ``header`` (a payload), or, with ``header=None``, the end of an
        existing file whose last frame has digest ``last_digest`` and check ``last_check``."""
        self.path = path
        self._last = last_digest
        self._check = last_check
        if header is not None:
            self._file: BinaryIO = open(path, "wb")  # noqa: SIM115 - closed in close()
            self._last, self._check = MAGIC, FIRST_CHECK
            self._file.write(MAGIC)
            self.append([header], limit=MAX_HEADER_BYTES)
        else:
            self._file = open(path, "ab")  # noqa: SIM115

    @property
    def last_digest(self) -> bytes:
        return self._last

    def append(self, payloads: Iterable[bytes], *, limit: int = MAX_FRAME_BYTES) -> None:
        """Append frames (msgpack payloads), then flush them to disk."""
        out = bytearray()
        last, check = self._last, self._check
        for payload in payloads:
            if len(payload) > limit:
                raise ValueError(f"frame of {len(payload)} bytes exceeds {limit}")
            data, last, check = frame_bytes(payload, last, check)
            out += data
        self._file.write(out)
        self._file.flush()
        os.fsync(self._file.fileno())
        self._last, self._check = last, check

    def close(self) -> None:
        self._file.close()
