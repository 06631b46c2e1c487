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

A **keyed** file (written with a key supplied by the user) has the magic ``COINLAKM`` and
digests ``BLAKE2b-64(previous digest + payload)`` keyed with the key: the chain is a MAC,
so that nobody without the key can alter, drop or reorder a frame (or strip the key) and
have the file load with the key. Reading a keyed file needs its key, and reading with a key
refuses a file that is not keyed. A MAC cannot show that frames were cut from the end: a
keyed file cut after any frame still loads, to that frame.

Writing (:func:`write_log`, :func:`append_log`) goes through unbuffered ``os`` calls: a new
file is written to a temporary name, synced, closed, renamed over the target and its
directory synced (on POSIX); an append is written and synced, and cut back to its old end
if anything fails. A crash or an error at any step leaves a file that loads to a prefix of
what was being saved.

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

import contextlib
import errno
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
MAGIC_KEYED = b"COINLAKM"
"""Magic of a keyed format 2 file (its digests are a MAC)."""
MAX_KEY_BYTES = 64
"""The longest key (BLAKE2b's)."""
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
FIRST_CHECK_KEYED = zlib.crc32(MAGIC_KEYED)
"""The same for a keyed file."""
PREFIX_V1 = struct.Struct(">I8s")
"""Format 1 frame prefix: length, digest."""

_blake2b = hashlib.blake2b
_crc32 = zlib.crc32


def check_key(key: object) -> bytes:
    """``key`` if it is a valid key (``bytes``, 1..64 long); else ``TypeError``/``ValueError``."""
    if type(key) is not bytes:
        raise TypeError(f"a key is bytes, not {type(key).__name__}")
    if not 1 <= len(key) <= MAX_KEY_BYTES:
        raise ValueError(f"a key is 1..{MAX_KEY_BYTES} bytes long, not {len(key)}")
    return key


def start_of(key: bytes) -> tuple[bytes, int]:
    """The magic of a file written with ``key`` (``b""``: none), which is also the digest
    the header's chains from, and the check it continues."""
    return (MAGIC_KEYED, FIRST_CHECK_KEYED) if key else (MAGIC, FIRST_CHECK)


def digest(payload: bytes, previous: bytes, key: bytes = b"") -> bytes:
    """The chained 8-byte digest of one frame (keyed with ``key``, if any)."""
    return _blake2b(previous + payload, digest_size=8, key=key).digest()


def frame_bytes(
    payload: bytes, previous: bytes, check: int, key: bytes = b""
) -> tuple[bytes, bytes, int]:
    """A whole format 2 frame (prefix + payload) after the frame with digest ``previous``
    and check ``check`` (for the header: :func:`start_of`); returns it with its own digest
    and check."""
    d = _blake2b(previous + payload, digest_size=8, key=key).digest()
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
    ``last_digest`` that frame's digest. A keyed file needs its ``key``; with a key, a file
    that is not keyed is refused.
    """

    def __init__(
        self, path: str | Path, *, max_bytes: int | None = None, key: bytes | None = None
    ) -> None:
        cap = MAX_FILE_BYTES if max_bytes is None else max_bytes
        self.key = b"" if key is None else check_key(key)
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
            if magic not in (MAGIC, MAGIC_KEYED, MAGIC_V1):
                raise LogFileError("not a coinlake log file (bad magic)", frame=None)
            if magic == MAGIC_KEYED and not self.key:
                raise LogFileError("the file is keyed: it loads only with its key", frame=None)
            if magic != MAGIC_KEYED and self.key:
                raise LogFileError(
                    "the file is not keyed (written without a key, or its key was stripped)",
                    frame=None,
                )
            self.format = 1 if magic == MAGIC_V1 else 2
        except BaseException:
            self._file.close()
            raise
        self.torn = False
        self.frames = 0
        self.end = len(MAGIC)
        self.last_digest, self.last_check = start_of(self.key)
        if self.format == 1:
            self.last_digest = b""
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
        # a fresh (keyed) BLAKE2b-64, cheaper than the constructor
        blank = _blake2b(digest_size=8, key=self.key).copy
        mismatch = (
            "authentication failed: the frame was altered, or the key is wrong"
            if self.key
            else "checksum mismatch: the frame was altered or reordered"
        )
        read = self._file.read
        size = self.size
        buf = b""
        off = 0  # position in buf of the next frame
        base = len(MAGIC)  # file offset of buf[0] (the next frame's is base + off)
        previous = self.last_digest
        check_chain = self.last_check
        index: int | None = None  # of the next frame; None: the header
        limit = MAX_HEADER_BYTES
        need = psize  # bytes wanted in buf from off before parsing can go on
        # buf holds only bytes of the file before its size: while a frame is in buf, the file
        # is not torn there, so the end of the file is looked at only when buf runs short
        while True:
            batch: list[bytes] = []
            while True:
                if len(buf) - off < psize:
                    remaining = size - base - off
                    if remaining == 0:
                        if batch:
                            self._reached(base + off, previous, check_chain, index)
                            yield batch
                        return
                    if remaining < psize:
                        if batch:
                            self._reached(base + off, previous, check_chain, index)
                            yield batch
                        self._torn(index)
                        return
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
                end = off + psize + length
                if end > len(buf):
                    if size - base - end < 0:
                        if batch:
                            self._reached(base + off, previous, check_chain, index)
                            yield batch
                        self._torn(index)
                        return
                    need = psize + length
                    break
                payload = buf[off + psize : end]
                hasher = blank()
                hasher.update(previous + payload)
                if hasher.digest() != stored:
                    raise LogFileError(mismatch, frame=index)
                previous, check_chain = stored, chained
                off = end
                if index is None:
                    self.end, self.last_digest, self.last_check = base + off, stored, chained
                    index, limit = 0, MAX_FRAME_BYTES
                    yield [payload]
                    continue
                batch.append(payload)
                index += 1
                if index >= MAX_FRAMES and size > base + off:
                    raise LogFileError(f"more than {MAX_FRAMES} frames", frame=index)
            if batch:
                self._reached(base + off, previous, check_chain, index)
                yield batch
            # read more: what remains of buf, then at least a chunk (never past the size)
            unread = size - base - len(buf)
            buf = buf[off:] + read(min(unread, max(CHUNK_BYTES, need)))
            base += off
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


def read_log(path: str | Path, *, key: bytes | None = None) -> tuple[LogContents, bytes]:
    """Read, check and decode a whole log file (for tools and tests; loading a game streams
    instead). Returns its contents and the last good frame's digest."""
    header: Any = None
    frames: list[Any] = []
    with LogReader(path, key=key) as reader:
        for index, payload in reader:
            obj = unpack_frame(payload, index)
            if index is None:
                header = obj
            else:
                frames.append(obj)
        return LogContents(header, tuple(frames), reader.torn, reader.format), reader.last_digest


# -- writing ---------------------------------------------------------------------------------
def encode_frames(
    payloads: Iterable[bytes],
    previous: bytes,
    check: int,
    key: bytes = b"",
    *,
    limit: int = MAX_FRAME_BYTES,
) -> tuple[bytes, bytes, int]:
    """Frames for ``payloads`` after the frame with digest ``previous`` and check ``check``:
    their bytes, and the last one's digest and check."""
    out = bytearray()
    for payload in payloads:
        if len(payload) > limit:
            raise ValueError(f"frame of {len(payload)} bytes exceeds {limit}")
        data, previous, check = frame_bytes(payload, previous, check, key)
        out += data
    return bytes(out), previous, check


def write_log(path: Path, header: bytes, payloads: Iterable[bytes], key: bytes = b"") -> None:
    """Write a new log file at ``path`` atomically: all of it to ``path.tmp``, synced and
    closed, then renamed over ``path`` and the directory synced. On an error the temporary
    file is removed and ``path`` is as it was (a crash may leave the temporary file)."""
    magic, check = start_of(key)
    head, last, check = encode_frames([header], magic, check, key, limit=MAX_HEADER_BYTES)
    body, _, _ = encode_frames(payloads, last, check, key)
    tmp = path.with_name(path.name + ".tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | _BINARY, 0o666)
    try:
        try:
            _write_all(fd, magic + head + body)
            os.fsync(fd)
        finally:
            os.close(fd)
        os.replace(tmp, path)
    except Exception:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    _sync_directory(path)


def append_log(
    path: Path, payloads: Iterable[bytes], previous: bytes, check: int, key: bytes = b""
) -> None:
    """Append frames to the intact log at ``path`` whose last frame has digest ``previous``
    and check ``check``, and sync them. On an error the file is cut back to its old end
    (as far as the error allows: what remains beyond it is a torn tail)."""
    data, _, _ = encode_frames(payloads, previous, check, key)
    fd = os.open(path, os.O_WRONLY | os.O_APPEND | _BINARY)
    try:
        end = os.lseek(fd, 0, os.SEEK_END)
        try:
            _write_all(fd, data)
            os.fsync(fd)
        except Exception:
            with contextlib.suppress(OSError):
                os.ftruncate(fd, end)
                os.fsync(fd)
            raise
    finally:
        os.close(fd)


_BINARY: int = getattr(os, "O_BINARY", 0)


def _write_all(fd: int, data: bytes) -> None:
    """``os.write`` until all of ``data`` is written (a write may write less)."""
    view = memoryview(data)
    while view:
        n = os.write(fd, view)
        if n <= 0:
            raise OSError(errno.EIO, "the disk accepted no bytes")
        view = view[n:]


def _sync_directory(path: Path) -> None:
    """Make a rename in ``path``'s directory durable, where the platform allows it (POSIX:
    fsync the directory; a file system that cannot sync one says EINVAL, ignored)."""
    if os.name != "posix":
        return
    fd = os.open(path.parent, os.O_RDONLY)
    try:
        os.fsync(fd)
    except OSError as exc:
        if exc.errno not in (errno.EINVAL, errno.ENOTSUP, errno.EOPNOTSUPP):
            raise
    finally:
        os.close(fd)
