"""spec/png_colors.py PNG [RRGGBB ...] — what a screenshot holds, as one JSON
line: its size, how many pixels are not white, how many distinct colours,
and how many pixels have each colour asked for.  A plain PNG decoder (8-bit
RGB or RGBA, non-interlaced: what Chromium writes), standard library only."""
import json, struct, sys, zlib


def pixels(path):
    data = open(path, "rb").read()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    pos, idat, head = 8, b"", None
    while pos < len(data):
        n, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + n]
        if kind == b"IHDR":
            head = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat += body
        pos += 12 + n
    w, h, depth, ctype, _, _, interlace = head
    assert depth == 8 and ctype in (2, 6) and interlace == 0, "unsupported PNG %r" % (head,)
    bpp = 3 if ctype == 2 else 4
    raw, stride, prev, rows = zlib.decompress(idat), w * bpp, bytearray(w * bpp), []
    for y in range(h):
        f, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - bpp] if i >= bpp else 0
            b, c = prev[i], prev[i - bpp] if i >= bpp else 0
            if f == 1: line[i] = (line[i] + a) & 255
            elif f == 2: line[i] = (line[i] + b) & 255
            elif f == 3: line[i] = (line[i] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(bytes(line))
        prev = line
    return w, h, bpp, rows


w, h, bpp, rows = pixels(sys.argv[1])
want = {c.lower(): 0 for c in sys.argv[2:]}
seen, nonwhite = set(), 0
for row in rows:
    for x in range(0, len(row), bpp):
        rgb = row[x:x + 3]
        seen.add(rgb)
        if rgb != b"\xff\xff\xff":
            nonwhite += 1
        key = rgb.hex()
        if key in want:
            want[key] += 1
print(json.dumps({"width": w, "height": h, "nonwhite": nonwhite, "colors": len(seen), "count": want}))
