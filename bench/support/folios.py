#!/usr/bin/env python3
"""How a file sits in the OS page cache: of its cached pages, how many are in large folios (Linux, root).

    sudo python3 bench/support/folios.py <file> [samples]

Maps the file read-only, asks mincore() which pages are cached, and for up to `samples` of them (default 20000)
reads the page's frame from /proc/self/pagemap and its flags from /proc/kpageflags: a page whose frame is part of a
compound page (flags COMPOUND_HEAD or COMPOUND_TAIL) is in a large folio. Only cached pages are touched, so it reads
nothing from the disk and changes nothing in the cache. Why it matters here: bench/README.md, "Large folios".
"""
import collections
import ctypes
import os
import random
import struct
import sys

PAGE = 4096
COMPOUND = (1 << 15) | (1 << 16)  # KPF_COMPOUND_HEAD, KPF_COMPOUND_TAIL


def main() -> None:
    path = sys.argv[1]
    samples = int(sys.argv[2]) if len(sys.argv) > 2 else 20000
    fd = os.open(path, os.O_RDONLY)
    size = os.fstat(fd).st_size
    pages = size // PAGE
    libc = ctypes.CDLL(None, use_errno=True)
    libc.mmap.restype = ctypes.c_void_p
    libc.mmap.argtypes = [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_int, ctypes.c_int, ctypes.c_int, ctypes.c_long]
    libc.mincore.argtypes = [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_void_p]
    addr = libc.mmap(None, size, 1, 1, fd, 0)  # PROT_READ, MAP_SHARED
    if addr in (None, ctypes.c_void_p(-1).value):
        sys.exit(f"mmap failed: {os.strerror(ctypes.get_errno())}")
    vec = (ctypes.c_ubyte * pages)()
    if libc.mincore(ctypes.c_void_p(addr), size, vec) != 0:
        sys.exit(f"mincore failed: {os.strerror(ctypes.get_errno())}")
    cached = [i for i in range(pages) if vec[i] & 1]
    random.seed(1)
    picked = sorted(random.sample(cached, min(samples, len(cached))))
    counts: collections.Counter[str] = collections.Counter()
    with open("/proc/self/pagemap", "rb") as pagemap, open("/proc/kpageflags", "rb") as kpageflags:
        for i in picked:
            _ = ctypes.c_ubyte.from_address(addr + i * PAGE).value  # maps the cached page (no disk read)
            pagemap.seek((addr // PAGE + i) * 8)
            entry = struct.unpack("Q", pagemap.read(8))[0]
            if not entry >> 63:
                continue
            kpageflags.seek((entry & ((1 << 55) - 1)) * 8)
            flags = struct.unpack("Q", kpageflags.read(8))[0]
            counts["large" if flags & COMPOUND else "small"] += 1
    share = 100 * len(cached) / pages if pages else 0
    print(f"{path}: {share:.0f} % of {pages} pages cached; of {sum(counts.values())} sampled, "
          f"{counts['large']} in large folios, {counts['small']} in 4 KiB folios")


if __name__ == "__main__":
    main()
