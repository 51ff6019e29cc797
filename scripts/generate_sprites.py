#!/usr/bin/env python3
"""Draws TraitSandbox's pixel-art sprites and writes them to Assets/sprites/ as BMP files.

Usage: python3 scripts/generate_sprites.py [--output DIR]

Standard library only and deterministic: every "random" choice comes from an integer hash of
pixel coordinates, so two runs write byte-identical files.

The renderer tints a sprite by multiplying its RGB by the team colour, so everything a team
owns (units, castle, laser) is drawn in white to light grey, with near-black outlines that stay
dark under any tint. Units face right; the renderer mirrors them for the right-hand team.

The bitmap font is an original 5x7 design made for this project (drawn below as ASCII art) and
is dedicated to the public domain (CC0); it may be bundled and changed freely.
"""

import argparse
import math
import os
import struct
from pathlib import Path

# MARK: - BMP output


def encode_bmp(width, height, pixels):
    """Encodes straight-alpha RGBA rows (top row first) as a 32-bit BITMAPV4HEADER BMP.

    Both SDL_LoadBMP and the project's Swift decoder read this exact layout: BI_BITFIELDS with
    an explicit alpha mask, bottom-up rows, pixels stored as B, G, R, A bytes.
    """
    header_size = 14 + 108
    image_size = width * height * 4
    file_header = struct.pack("<2sIHHI", b"BM", header_size + image_size, 0, 0, header_size)
    info_header = struct.pack(
        "<IiiHHIIiiII4I I36s3I",
        108,  # bV4Size
        width,
        height,  # positive: bottom-up rows
        1,  # planes
        32,  # bits per pixel
        3,  # BI_BITFIELDS
        image_size,
        2835,  # 72 DPI in pixels per metre
        2835,
        0,  # colours used
        0,  # important colours
        0x00FF0000,  # red mask
        0x0000FF00,  # green mask
        0x000000FF,  # blue mask
        0xFF000000,  # alpha mask
        0x73524742,  # LCS_sRGB ('sRGB')
        bytes(36),  # CIEXYZTRIPLE endpoints, unused for sRGB
        0,  # gamma red, green, blue: unused for sRGB
        0,
        0,
    )
    assert len(info_header) == 108
    rows = bytearray()
    for y in range(height - 1, -1, -1):
        for r, g, b, a in pixels[y * width : (y + 1) * width]:
            if a == 0:
                r = g = b = 0  # a transparent pixel carries no colour that filtering could bleed
            rows += bytes((b, g, r, a))
    return file_header + info_header + bytes(rows)


class Image:
    """A straight-alpha RGBA image, (x, y) with y growing downwards."""

    def __init__(self, width, height, fill=(0, 0, 0, 0)):
        self.width = width
        self.height = height
        self.pixels = [fill] * (width * height)

    def get(self, x, y):
        return self.pixels[y * self.width + x]

    def put(self, x, y, rgba):
        if 0 <= x < self.width and 0 <= y < self.height:
            self.pixels[y * self.width + x] = rgba

    def bmp(self):
        return encode_bmp(self.width, self.height, self.pixels)


# MARK: - Deterministic noise


def hash01(x, y, seed):
    """A stable pseudo-random number in [0, 1) for integer coordinates and a seed."""
    h = (x * 0x27D4EB2D + y * 0x165667B1 + seed * 0x5BD1E995) & 0xFFFFFFFF
    h ^= h >> 15
    h = (h * 0x2C1B3C6D) & 0xFFFFFFFF
    h ^= h >> 12
    h = (h * 0x297A2D39) & 0xFFFFFFFF
    h ^= h >> 15
    return h / 4294967296.0


def value_noise(x, y, cell, seed):
    """Smooth noise in [0, 1): hashed lattice values blended with a smoothstep."""
    gx, gy = x / cell, y / cell
    x0, y0 = math.floor(gx), math.floor(gy)
    fx, fy = gx - x0, gy - y0
    sx, sy = fx * fx * (3 - 2 * fx), fy * fy * (3 - 2 * fy)
    top = hash01(x0, y0, seed) * (1 - sx) + hash01(x0 + 1, y0, seed) * sx
    bottom = hash01(x0, y0 + 1, seed) * (1 - sx) + hash01(x0 + 1, y0 + 1, seed) * sx
    return top * (1 - sy) + bottom * sy


def mix(a, b, t):
    return tuple(round(p + (q - p) * t) for p, q in zip(a, b))


def clamp_byte(v):
    return max(0, min(255, round(v)))


# MARK: - Shape canvas
#
# Units are built from filled shapes on a canvas of materials; an outline pass and a shading
# pass then turn materials into colours. Keeping shape and colour apart lets the same silhouette
# code serve every unit and keeps all team-owned colours in the tintable grey range.

OUTLINE = (22, 18, 26, 255)
# Light neutral tones for tintable skin, brightest first.
SKIN_TONES = [(255, 255, 255), (234, 234, 236), (206, 206, 212), (172, 172, 180)]
METAL_TONES = [(226, 228, 234), (190, 192, 200), (150, 152, 162), (112, 114, 124)]
SOLID = {
    "eye": (255, 255, 255),
    "pupil": (20, 16, 24),
    "mouth": (58, 40, 48),
    "throat": (36, 24, 30),
    "tongue": (150, 128, 134),
    "tooth": (255, 255, 255),
    "claw": (214, 214, 220),
    "glow": (255, 255, 255),
    "line": (22, 18, 26),
    "dark": (96, 96, 106),
}
# Light from the upper left, slightly in front.
LIGHT = (-0.55, -0.65, 0.52)


class Canvas:
    """A grid of shaded material cells, built from shapes painted back to front.

    Every shape is a part; where a later part covers an earlier one, the earlier part's pixels
    along the border become outline, so overlapping limbs stay readable as separate forms.
    Shapes drawn with `outlined=False` (pupils, glints, painted lines) add no such border, and
    shapes given the same `group` read as one form.
    """

    def __init__(self, width, height):
        self.width = width
        self.height = height
        self.cells = [[None] * width for _ in range(height)]  # (material, light, part)
        self.part_count = 0
        self.groups = {}

    def begin_part(self, group, outlined):
        if not outlined:
            return -1
        if group is None:
            self.part_count += 1
            return self.part_count
        if group not in self.groups:
            self.part_count += 1
            self.groups[group] = self.part_count
        return self.groups[group]

    def set(self, x, y, material, light=0.7, part=-1):
        if 0 <= x < self.width and 0 <= y < self.height:
            self.cells[y][x] = (material, light, part)

    def ellipse(self, cx, cy, rx, ry, material, flat=None, group=None, outlined=True):
        """Fills an ellipse, shading it as a lit dome unless `flat` gives a fixed brightness."""
        part = self.begin_part(group, outlined)
        for y in range(self.height):
            for x in range(self.width):
                nx = (x + 0.5 - cx) / rx
                ny = (y + 0.5 - cy) / ry
                d = nx * nx + ny * ny
                if d <= 1.0:
                    if flat is None:
                        nz = math.sqrt(max(0.0, 1.0 - d))
                        light = nx * LIGHT[0] + ny * LIGHT[1] + nz * LIGHT[2]
                    else:
                        light = flat
                    self.set(x, y, material, light, part)

    def polygon(self, points, material, light=0.7, group=None, outlined=True):
        """Fills a polygon, testing pixel centres with the even-odd rule."""
        part = self.begin_part(group, outlined)
        for y in range(self.height):
            for x in range(self.width):
                if point_in_polygon(x + 0.5, y + 0.5, points):
                    self.set(x, y, material, light, part)

    def rect(self, x0, y0, x1, y1, material, light=0.7, group=None, outlined=True):
        """Fills the inclusive rectangle [x0, x1] x [y0, y1]."""
        part = self.begin_part(group, outlined)
        for y in range(y0, y1 + 1):
            for x in range(x0, x1 + 1):
                self.set(x, y, material, light, part)

    def line(self, x0, y0, x1, y1, material="line", light=0.7, group=None, outlined=False):
        """Paints a one-pixel line; by default a detail that adds no border of its own."""
        part = self.begin_part(group, outlined)
        steps = max(abs(x1 - x0), abs(y1 - y0), 1)
        for i in range(steps + 1):
            t = i / steps
            self.set(round(x0 + (x1 - x0) * t), round(y0 + (y1 - y0) * t), material, light, part)

    def filled(self, x, y):
        return 0 <= x < self.width and 0 <= y < self.height and self.cells[y][x] is not None

    def outline(self):
        """Turns the pixels around the silhouette and along overlapping parts into outline."""
        neighbours = ((1, 0), (-1, 0), (0, 1), (0, -1))
        edge = []
        for y in range(self.height):
            for x in range(self.width):
                cell = self.cells[y][x]
                if cell is None:
                    if any(self.filled(x + dx, y + dy) and self.cells[y + dy][x + dx][0] != "glow"
                           for dx, dy in neighbours):
                        edge.append((x, y))
                elif cell[2] > 0 and any(
                    self.filled(x + dx, y + dy) and self.cells[y + dy][x + dx][2] > cell[2]
                    for dx, dy in neighbours
                ):
                    edge.append((x, y))
        for x, y in edge:
            self.cells[y][x] = ("line", 0.0, 0)

    def render(self):
        """Outlines the shapes, rim-shades skin and metal, and resolves colours."""
        self.outline()
        image = Image(self.width, self.height)
        for y in range(self.height):
            for x in range(self.width):
                cell = self.cells[y][x]
                if cell is None:
                    continue
                material, light, _ = cell
                if material in ("skin", "metal"):
                    tones = SKIN_TONES if material == "skin" else METAL_TONES
                    # A pixel above an outline on the shadow side reads as the rim of a form.
                    if self.is_line(x + 1, y + 1) or self.is_line(x, y + 1):
                        light -= 0.25
                    index = 0 if light > 0.78 else 1 if light > 0.42 else 2 if light > 0.1 else 3
                    rgb = tones[index]
                else:
                    rgb = SOLID[material]
                image.put(x, y, rgb + (255,))
        return image

    def is_line(self, x, y):
        return not self.filled(x, y) or self.cells[y][x][0] == "line"


def point_in_polygon(px, py, points):
    inside = False
    j = len(points) - 1
    for i in range(len(points)):
        xi, yi = points[i]
        xj, yj = points[j]
        if (yi > py) != (yj > py) and px < (xj - xi) * (py - yi) / (yj - yi) + xi:
            inside = not inside
        j = i
    return inside


def eye(canvas, cx, cy, rx, ry, pupil_width=2):
    """A cartoon eye looking right: white ellipse, a tall pupil near its front, one glint."""
    canvas.ellipse(cx, cy, rx, ry, "eye", flat=1)
    part = canvas.part_count
    pixels = [(x, y) for y in range(canvas.height) for x in range(canvas.width)
              if canvas.cells[y][x] is not None and canvas.cells[y][x][2] == part]
    right = max(x for x, _ in pixels) - 1  # one white pixel stays in front of the pupil
    top = min(y for _, y in pixels)
    bottom = max(y for _, y in pixels)
    pupil_top = top + max(1, round((bottom - top) * 0.2))
    pupil_bottom = bottom - max(1, round((bottom - top) * 0.2))
    for x, y in pixels:
        if right - pupil_width < x <= right and pupil_top <= y <= pupil_bottom:
            canvas.set(x, y, "pupil", 0)
    canvas.set(right - pupil_width + 1, pupil_top, "eye", 1)


def angry_lid(canvas, cx, cy, rx, ry):
    """A heavy lid over the top of an eye, slanting down towards the front."""
    back, front = cy - ry * 0.9, cy - ry * 0.3
    canvas.polygon([(cx - rx - 1, cy - ry - 1.5), (cx + rx + 1, cy - ry - 1.5),
                    (cx + rx + 1, front), (cx - rx - 1, back)], "skin", 0.9, outlined=False)
    canvas.line(round(cx - rx - 0.5), math.floor(back), round(cx + rx + 0.5), math.floor(front))


# MARK: - Units


def draw_quirk():
    """Small, fast imp: big head with horns, huge eyes, spiky back, claws reaching forward."""
    c = Canvas(32, 32)
    # Far leg first, darker, so the near one and the body overlap it.
    c.polygon([(16, 24), (20, 24), (22, 28), (25, 29), (25, 31), (19, 31), (17, 28)], "skin", 0.2)
    # Back spikes point up and backwards.
    c.polygon([(9, 18), (1, 13), (10, 14)], "skin", 0.7, group="spikes")
    c.polygon([(8, 23), (0.5, 21), (8, 19)], "skin", 0.5, group="spikes")
    # Body and near leg, bent for a running pose.
    c.ellipse(13.5, 21.5, 6.5, 5.5, "skin", group="body")
    c.polygon([(9, 24), (13, 24), (11, 28), (14, 29), (14, 31), (7, 31), (8, 28)], "skin", 0.45,
              group="body")
    # Horns sweep up and back; the head leans forward.
    c.polygon([(10, 10), (5, 0.5), (15, 6)], "skin", 0.8, group="head")
    c.polygon([(18, 6), (23, 0.5), (24, 7)], "skin", 0.8, group="head")
    c.ellipse(18.5, 12, 9, 7, "skin", group="head")
    # Arm reaching forward with three long claws.
    c.polygon([(14, 19), (23, 18), (24, 22), (15, 23)], "skin", 0.55)
    c.polygon([(23, 17), (30.5, 14.5), (25, 19.5)], "claw", 0.95, group="claws")
    c.polygon([(24, 19), (31.5, 19.5), (24, 21.5)], "claw", 0.95, group="claws")
    c.polygon([(23, 21), (30, 24.5), (22, 23.5)], "claw", 0.95, group="claws")
    # Big eyes looking ahead; the far eye is a little smaller.
    eye(c, 18.0, 10.5, 3.0, 3.4)
    eye(c, 24.0, 10.5, 2.5, 3.2)
    # An open grin with two fangs.
    c.polygon([(19, 15), (26.5, 14.5), (25, 17.5), (21, 17.5)], "mouth")
    c.set(21, 15, "tooth", 1)
    c.set(24, 15, "tooth", 1)
    return c.render()


def draw_zap():
    """Round ranged creature with a cyclops eye, an antenna and a laser cannon aimed right."""
    c = Canvas(32, 32)
    # Feet.
    c.ellipse(10.5, 28.5, 3.5, 2.5, "skin", flat=0.3)
    c.ellipse(18.5, 28.5, 3.5, 2.5, "skin", flat=0.3)
    # Antenna: stalk with a glowing bulb.
    c.line(13, 8, 11, 3, "dark")
    c.ellipse(10.5, 2.5, 2.2, 2.2, "skin", flat=1)
    c.ellipse(10.2, 2.2, 1.0, 1.0, "glow", outlined=False)
    # Round body.
    c.ellipse(14, 17, 11, 11, "skin")
    # Cannon mounted on the flank, barrel to the right with a ring and a glowing muzzle.
    c.rect(18, 16, 28, 20, "metal", 0.6, group="cannon")
    c.rect(18, 16, 28, 16, "metal", 0.9, group="cannon")
    c.rect(18, 20, 28, 20, "metal", 0.15, group="cannon")
    c.rect(22, 15, 23, 21, "metal", 0.3, group="cannon")
    c.rect(29, 15, 29, 21, "metal", 0.5, group="cannon")
    c.rect(30, 16, 30, 20, "glow", group="cannon")
    c.rect(31, 17, 31, 19, "glow", group="cannon")
    # Stubby arm holding the cannon.
    c.ellipse(19.5, 21.5, 3.2, 2.4, "skin")
    # One big eye, looking along the barrel.
    eye(c, 14.5, 12.5, 4.0, 4.0, pupil_width=3)
    # Small smile.
    c.line(9, 20, 11, 21)
    c.line(12, 21, 13, 21)
    return c.render()


def draw_munch():
    """Big, wide tank with small mean eyes and a huge toothy mouth taking up its front."""
    c = Canvas(32, 32)
    # Stubby legs.
    c.rect(5, 25, 10, 30, "skin", 0.3)
    c.rect(18, 25, 23, 30, "skin", 0.3)
    # Little horns on top of the back.
    c.polygon([(5, 9), (2, 1.5), (10, 5)], "skin", 0.85)
    c.polygon([(11, 5), (13, 0.5), (16, 5)], "skin", 0.85)
    # The bulk, a snout on top and an underbite jaw below.
    c.ellipse(13.5, 16, 12.5, 12, "skin", group="body")
    c.ellipse(20, 11, 10.5, 7.5, "skin", group="body")
    c.ellipse(19, 23, 12, 5.5, "skin", group="body")
    # Spots on the back.
    for x, y in ((4, 13), (6, 18), (8, 10), (3, 21)):
        c.rect(x, y, x + 1, y, "skin", 0.0, outlined=False)
    # Huge open mouth: a wedge opening to the right.
    c.polygon([(11, 15), (21, 13), (31, 12), (31, 25), (20, 23), (11, 18)], "mouth")
    c.polygon([(14, 16), (22, 15.5), (31, 15.5), (31, 20), (22, 19), (14, 17.5)], "throat",
              outlined=False)
    c.polygon([(15, 18.5), (23, 20), (30, 21), (30, 24.5), (20, 23), (14, 19.5)], "tongue",
              outlined=False)
    # Big jagged teeth along both jaws.
    for x0, top in ((13, 14.5), (17, 13.8), (21, 13.1), (25, 12.6)):
        c.polygon([(x0, top - 0.5), (x0 + 3.6, top - 0.8), (x0 + 1.6, top + 3.5)], "tooth", 1,
                  group="upper teeth")
    for x0, base in ((14.5, 21.0), (18.5, 22.0), (22.5, 23.0), (26.5, 24.0)):
        c.polygon([(x0, base + 1), (x0 + 3.8, base + 1), (x0 + 2.0, base - 3.5)], "tooth", 1,
                  group="lower teeth")
    # Small, mean eyes under heavy lids.
    eye(c, 17.5, 7.5, 2.4, 2.8)
    eye(c, 23.5, 7.5, 2.2, 2.6)
    angry_lid(c, 17.5, 7.5, 2.4, 2.8)
    angry_lid(c, 23.5, 7.5, 2.2, 2.6)
    return c.render()


# MARK: - Castle


def draw_castle():
    """Two crenellated towers joined by a wall with an arched gate, and a keep with a flag."""
    size = 64
    c = Canvas(size, size)
    walls = {}  # part -> (left edge for the brick pattern, x where the shadowed face starts)

    def crenellated(name, x0, x1, top, merlon, gap, shadow_from):
        c.rect(x0, top + 4, x1, size - 1, "stone", group=name)
        for x in range(x0, x1 + 1, merlon + gap):
            c.rect(x, top, min(x + merlon - 1, x1), top + 3, "stone", group=name)
        walls[c.groups[name]] = (x0, shadow_from)

    # Back to front, so the towers get outlines where they stand before the wall.
    crenellated("curtain wall", 10, 53, 26, 4, 3, shadow_from=size)
    crenellated("keep", 22, 41, 10, 4, 3, shadow_from=36)
    c.rect(21, 15, 42, 16, "ledge", group="keep")
    crenellated("left tower", 1, 17, 16, 3, 2, shadow_from=13)
    c.rect(0, 21, 18, 22, "ledge", group="left tower")
    crenellated("right tower", 46, 62, 16, 3, 2, shadow_from=58)
    c.rect(45, 21, 63, 22, "ledge", group="right tower")
    # Flag on the keep, flying to the right.
    c.line(31, 1, 31, 9, "dark")
    c.polygon([(32, 1), (42, 2), (39, 4), (42, 6.5), (32, 6.5)], "flag")
    c.outline()

    def stone_tone(x, y, left, shadow_from):
        """Light stone with darker mortar; courses of bricks offset every other row."""
        course = (y - 1) // 4
        offset = 3 if course % 2 else 0
        if (y - 1) % 4 == 3 or (x - left + offset) % 6 == 5:
            tone = 196
        else:
            tone = 236 + round((hash01((x - left + offset) // 6, course, left) - 0.5) * 22)
        if x >= shadow_from:  # the face turned away from the light
            tone -= 26
        return tone

    image = Image(size, size)
    for y in range(size):
        for x in range(size):
            cell = c.cells[y][x]
            if cell is None:
                continue
            material, _, part = cell
            if material in ("line", "dark"):
                image.put(x, y, OUTLINE)
            elif material == "flag":
                tone = 255 if (x + y // 2) % 5 else 226  # a hint of ripples
                image.put(x, y, (tone, tone, tone, 255))
            else:
                if material == "ledge":
                    tone = 248 if y in (15, 21) else 212
                else:
                    tone = stone_tone(x, y, *walls[part])
                image.put(x, y, (tone, tone, tone + 2, 255))

    opening = (34, 28, 38, 255)
    # Gate: an arch with a dark opening, a portcullis grid and an outlined frame.
    gate_left, gate_right, gate_top, arch_radius = 26, 37, 44, 6.0
    centre_x = (gate_left + gate_right + 1) / 2
    for y in range(gate_top - 2, size):
        for x in range(gate_left - 2, gate_right + 3):
            dy = max(0.0, (gate_top + arch_radius) - (y + 0.5))
            distance = math.hypot(x + 0.5 - centre_x, dy)
            if distance <= arch_radius:
                bar = (x - gate_left) % 3 == 1 or (y - gate_top) % 4 == 2
                image.put(x, y, (92, 90, 100, 255) if bar else opening)
            elif distance <= arch_radius + 1.2:
                image.put(x, y, OUTLINE)
    # Cross-shaped arrow slits on the towers and an arched window in the keep.
    for slit_x, slit_y in ((8, 30), (8, 44), (53, 30), (53, 44)):
        for y in range(slit_y, slit_y + 6):
            image.put(slit_x, y, opening)
        image.put(slit_x - 1, slit_y + 2, opening)
        image.put(slit_x + 1, slit_y + 2, opening)
    for y in range(20, 27):
        for x in range(30, 34):
            if not (y == 20 and x in (30, 33)):
                image.put(x, y, opening)
    return image


# MARK: - Projectiles


def draw_laser():
    """A bolt 16x4: white core, soft edges that fade out towards both ends."""
    image = Image(16, 4)
    for y in range(4):
        core = y in (1, 2)
        for x in range(16):
            # Brightest at the head (right), trailing off to the left.
            along = min(1.0, (x + 1) / 6) * min(1.0, (16 - x) / 2.5)
            alpha = along * (1.0 if core else 0.38)
            tone = 255 if core else 236
            image.put(x, y, (tone, tone, tone, clamp_byte(alpha * 255)))
    return image


def draw_cannonball():
    """A dark iron ball with a small light highlight; the tint barely changes it."""
    size = 12
    image = Image(size, size)
    c = size / 2
    for y in range(size):
        for x in range(size):
            dx, dy = x + 0.5 - c, y + 0.5 - c
            d = math.hypot(dx, dy)
            if d > 5.9:
                continue
            if d > 4.9:
                image.put(x, y, (14, 12, 16, 255))
                continue
            nz = math.sqrt(max(0.0, 1 - (d / 5.0) ** 2))
            light = (dx * -0.6 + dy * -0.6) / 5.0 + nz * 0.55
            tone = 34 + round(max(0.0, light) * 44)
            image.put(x, y, (tone, tone, tone + 4, 255))
    for x, y, tone in ((3, 3, 230), (4, 3, 190), (3, 4, 190), (4, 4, 120)):
        image.put(x, y, (tone, tone, tone, 255))
    return image


# MARK: - Background


def draw_background():
    """Top-down grass with a dirt lane through the middle third; calm, so sprites stand out."""
    width, height = 320, 180
    image = Image(width, height)
    grass_dark = (70, 118, 56)
    grass_light = (100, 146, 68)
    dirt_dark = (150, 126, 90)
    dirt_light = (176, 152, 110)
    lane_top, lane_bottom = 60, 120

    def lane_amount(x, y):
        """1 inside the lane, 0 on grass, with a ragged, slightly soft border."""
        wobble_top = (value_noise(x, 0, 17, 11) - 0.5) * 8
        wobble_bottom = (value_noise(x, 0, 19, 12) - 0.5) * 8
        inside = min(y - (lane_top + wobble_top), (lane_bottom + wobble_bottom) - y)
        inside += (hash01(x, y, 13) - 0.5) * 2.5
        return max(0.0, min(1.0, (inside + 1.0) / 3.0))

    for y in range(height):
        for x in range(width):
            blotch = value_noise(x, y, 28, 1) * 0.65 + value_noise(x, y, 9, 2) * 0.35
            grain = hash01(x, y, 3)
            grass = mix(grass_dark, grass_light, blotch)
            # Sparse blades: a pixel a little darker or lighter than its patch.
            if grain < 0.08:
                grass = mix(grass, (52, 96, 46), 0.45)
            elif grain > 0.94:
                grass = mix(grass, (128, 170, 84), 0.35)
            dirt = mix(dirt_dark, dirt_light, value_noise(x, y, 14, 4) * 0.7 + grain * 0.3)
            # Two faint wheel ruts along the lane.
            if y in (78, 79, 101, 102) and hash01(x // 3, y, 5) < 0.7:
                dirt = mix(dirt, dirt_dark, 0.55)
            amount = lane_amount(x, y)
            image.put(x, y, mix(grass, dirt, amount) + (255,))

    taken = []

    def scatter(count, seed, accept):
        """Deterministic, spread-out positions for `count` props that `accept` allows."""
        placed, attempt = [], 0
        while len(placed) < count and attempt < count * 50:
            x = int(hash01(attempt, 0, seed) * width)
            y = int(hash01(attempt, 1, seed) * height)
            attempt += 1
            if accept(x, y) and all(abs(x - px) + abs(y - py) > 12 for px, py in taken):
                placed.append((x, y))
                taken.append((x, y))
        return placed

    def on_grass(x, y):
        return 3 <= x < width - 3 and 3 <= y < height - 3 and lane_amount(x, y) == 0 and (
            y < lane_top - 8 or y > lane_bottom + 8
        )

    # Stones: small grey ovals with a highlight and a soft shadow.
    for i, (x, y) in enumerate(scatter(14, 21, on_grass)):
        rx = 1.5 + hash01(i, 0, 22) * 1.5
        ry = rx * 0.75
        for yy in range(y - 3, y + 4):
            for xx in range(x - 4, x + 5):
                dx, dy = (xx + 0.5 - x) / rx, (yy + 0.5 - y) / ry
                shadow_dx, shadow_dy = (xx - 0.5 - x) / rx, (yy - 0.5 - y) / ry
                if dx * dx + dy * dy <= 1:
                    tone = 150 if dx + dy < -0.6 else 128 if dx + dy < 0.5 else 108
                    image.put(xx, yy, (tone, tone - 2, tone - 6, 255))
                elif shadow_dx * shadow_dx + shadow_dy * shadow_dy <= 1:
                    image.put(xx, yy, mix(image.get(xx, yy)[:3], (40, 70, 36), 0.35) + (255,))
    # Pebbles in the lane.
    for x, y in scatter(22, 23, lambda x, y: lane_amount(x, y) == 1):
        image.put(x, y, (128, 112, 86, 255))
        image.put(x + 1, y, (196, 178, 140, 255))
    # Flowers: tiny crosses in muted colours with a yellow heart.
    petals = [(228, 228, 214), (222, 196, 210), (214, 206, 150)]
    for i, (x, y) in enumerate(scatter(26, 31, on_grass)):
        petal = petals[int(hash01(i, 0, 32) * len(petals))]
        for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            image.put(x + dx, y + dy, petal + (255,))
        image.put(x, y, (222, 190, 80, 255))
    return image


# MARK: - Font
#
# Original 5x7 design (CC0). Each glyph is 7 rows of 5 columns, with an optional eighth row for
# descenders; it is placed one pixel in from the left of its 8x8 cell. "#" is ink.

FONT_5X7 = {
    " ": ".....|.....|.....|.....|.....|.....|.....",
    "!": "..#..|..#..|..#..|..#..|..#..|.....|..#..",
    '"': ".#.#.|.#.#.|.#.#.|.....|.....|.....|.....",
    "#": ".#.#.|.#.#.|#####|.#.#.|#####|.#.#.|.#.#.",
    "$": "..#..|.####|#.#..|.###.|..#.#|####.|..#..",
    "%": "##...|##..#|...#.|..#..|.#...|#..##|...##",
    "&": ".##..|#..#.|#.#..|.#...|#.#.#|#..#.|.##.#",
    "'": "..#..|..#..|.#...|.....|.....|.....|.....",
    "(": "...#.|..#..|.#...|.#...|.#...|..#..|...#.",
    ")": ".#...|..#..|...#.|...#.|...#.|..#..|.#...",
    "*": ".....|..#..|#.#.#|.###.|#.#.#|..#..|.....",
    "+": ".....|..#..|..#..|#####|..#..|..#..|.....",
    ",": ".....|.....|.....|.....|.....|.##..|..#..|.#...",
    "-": ".....|.....|.....|#####|.....|.....|.....",
    ".": ".....|.....|.....|.....|.....|.##..|.##..",
    "/": "....#|....#|...#.|..#..|.#...|#....|#....",
    "0": ".###.|#...#|#..##|#.#.#|##..#|#...#|.###.",
    "1": "..#..|.##..|..#..|..#..|..#..|..#..|.###.",
    "2": ".###.|#...#|....#|...#.|..#..|.#...|#####",
    "3": "#####|...#.|..#..|...#.|....#|#...#|.###.",
    "4": "...#.|..##.|.#.#.|#..#.|#####|...#.|...#.",
    "5": "#####|#....|####.|....#|....#|#...#|.###.",
    "6": "..##.|.#...|#....|####.|#...#|#...#|.###.",
    "7": "#####|....#|...#.|..#..|.#...|.#...|.#...",
    "8": ".###.|#...#|#...#|.###.|#...#|#...#|.###.",
    "9": ".###.|#...#|#...#|.####|....#|...#.|.##..",
    ":": ".....|.##..|.##..|.....|.##..|.##..|.....",
    ";": ".....|.##..|.##..|.....|.##..|.##..|..#..|.#...",
    "<": "...#.|..#..|.#...|#....|.#...|..#..|...#.",
    "=": ".....|.....|#####|.....|#####|.....|.....",
    ">": ".#...|..#..|...#.|....#|...#.|..#..|.#...",
    "?": ".###.|#...#|....#|...#.|..#..|.....|..#..",
    "@": ".###.|#...#|#.###|#.#.#|#.###|#....|.###.",
    "A": ".###.|#...#|#...#|#####|#...#|#...#|#...#",
    "B": "####.|#...#|#...#|####.|#...#|#...#|####.",
    "C": ".###.|#...#|#....|#....|#....|#...#|.###.",
    "D": "####.|#...#|#...#|#...#|#...#|#...#|####.",
    "E": "#####|#....|#....|####.|#....|#....|#####",
    "F": "#####|#....|#....|####.|#....|#....|#....",
    "G": ".###.|#...#|#....|#.###|#...#|#...#|.####",
    "H": "#...#|#...#|#...#|#####|#...#|#...#|#...#",
    "I": ".###.|..#..|..#..|..#..|..#..|..#..|.###.",
    "J": "..###|...#.|...#.|...#.|...#.|#..#.|.##..",
    "K": "#...#|#..#.|#.#..|##...|#.#..|#..#.|#...#",
    "L": "#....|#....|#....|#....|#....|#....|#####",
    "M": "#...#|##.##|#.#.#|#.#.#|#...#|#...#|#...#",
    "N": "#...#|#...#|##..#|#.#.#|#..##|#...#|#...#",
    "O": ".###.|#...#|#...#|#...#|#...#|#...#|.###.",
    "P": "####.|#...#|#...#|####.|#....|#....|#....",
    "Q": ".###.|#...#|#...#|#...#|#.#.#|#..#.|.##.#",
    "R": "####.|#...#|#...#|####.|#.#..|#..#.|#...#",
    "S": ".####|#....|#....|.###.|....#|....#|####.",
    "T": "#####|..#..|..#..|..#..|..#..|..#..|..#..",
    "U": "#...#|#...#|#...#|#...#|#...#|#...#|.###.",
    "V": "#...#|#...#|#...#|#...#|#...#|.#.#.|..#..",
    "W": "#...#|#...#|#...#|#.#.#|#.#.#|#.#.#|.#.#.",
    "X": "#...#|#...#|.#.#.|..#..|.#.#.|#...#|#...#",
    "Y": "#...#|#...#|.#.#.|..#..|..#..|..#..|..#..",
    "Z": "#####|....#|...#.|..#..|.#...|#....|#####",
    "[": ".###.|.#...|.#...|.#...|.#...|.#...|.###.",
    "\\": "#....|#....|.#...|..#..|...#.|....#|....#",
    "]": ".###.|...#.|...#.|...#.|...#.|...#.|.###.",
    "^": "..#..|.#.#.|#...#|.....|.....|.....|.....",
    "_": ".....|.....|.....|.....|.....|.....|.....|#####",
    "`": ".#...|..#..|...#.|.....|.....|.....|.....",
    "a": ".....|.....|.###.|....#|.####|#...#|.####",
    "b": "#....|#....|####.|#...#|#...#|#...#|####.",
    "c": ".....|.....|.###.|#....|#....|#...#|.###.",
    "d": "....#|....#|.####|#...#|#...#|#...#|.####",
    "e": ".....|.....|.###.|#...#|#####|#....|.###.",
    "f": "..##.|.#..#|.#...|###..|.#...|.#...|.#...",
    "g": ".....|.....|.####|#...#|#...#|.####|....#|.###.",
    "h": "#....|#....|#.##.|##..#|#...#|#...#|#...#",
    "i": "..#..|.....|.##..|..#..|..#..|..#..|.###.",
    "j": "...#.|.....|..##.|...#.|...#.|...#.|#..#.|.##..",
    "k": "#....|#....|#..#.|#.#..|##...|#.#..|#..#.",
    "l": ".##..|..#..|..#..|..#..|..#..|..#..|.###.",
    "m": ".....|.....|##.#.|#.#.#|#.#.#|#.#.#|#.#.#",
    "n": ".....|.....|#.##.|##..#|#...#|#...#|#...#",
    "o": ".....|.....|.###.|#...#|#...#|#...#|.###.",
    "p": ".....|.....|####.|#...#|#...#|####.|#....|#....",
    "q": ".....|.....|.####|#...#|#...#|.####|....#|....#",
    "r": ".....|.....|#.##.|##..#|#....|#....|#....",
    "s": ".....|.....|.####|#....|.###.|....#|####.",
    "t": ".#...|.#...|###..|.#...|.#...|.#..#|..##.",
    "u": ".....|.....|#...#|#...#|#...#|#..##|.##.#",
    "v": ".....|.....|#...#|#...#|#...#|.#.#.|..#..",
    "w": ".....|.....|#...#|#...#|#.#.#|#.#.#|.#.#.",
    "x": ".....|.....|#...#|.#.#.|..#..|.#.#.|#...#",
    "y": ".....|.....|#...#|#...#|#...#|.####|....#|.###.",
    "z": ".....|.....|#####|...#.|..#..|.#...|#####",
    "{": "...#.|..#..|..#..|.#...|..#..|..#..|...#.",
    "|": "..#..|..#..|..#..|..#..|..#..|..#..|..#..",
    "}": ".#...|..#..|..#..|...#.|..#..|..#..|.#...",
    "~": ".....|.....|.#...|#.#.#|...#.|.....|.....",
    "\x7f": "#####|#####|#####|#####|#####|#####|#####",
}


def draw_font():
    """A 16x6 grid of 8x8 cells for ASCII 32..127: white ink, transparent elsewhere."""
    image = Image(128, 48)
    white = (255, 255, 255, 255)
    for code in range(32, 128):
        rows = FONT_5X7[chr(code)].split("|")
        assert len(rows) in (7, 8) and all(len(row) == 5 for row in rows), repr(chr(code))
        cell_x, cell_y = (code - 32) % 16 * 8, (code - 32) // 16 * 8
        for y, row in enumerate(rows):
            for x, ink in enumerate(row):
                if ink == "#":
                    image.put(cell_x + 1 + x, cell_y + y, white)
    return image


# MARK: - Main

SPRITES = {
    "castle": draw_castle,
    "quirk": draw_quirk,
    "zap": draw_zap,
    "munch": draw_munch,
    "laser": draw_laser,
    "cannonball": draw_cannonball,
    "background": draw_background,
    "font": draw_font,
}


def main():
    default_output = Path(__file__).resolve().parent.parent / "Assets" / "sprites"
    parser = argparse.ArgumentParser(description="Writes TraitSandbox's sprites as BMP files.")
    parser.add_argument("--output", type=Path, default=default_output,
                        help=f"directory to write into (default: {default_output})")
    arguments = parser.parse_args()
    arguments.output.mkdir(parents=True, exist_ok=True)
    rows = []
    for name, draw in SPRITES.items():
        image = draw()
        path = arguments.output / f"{name}.bmp"
        write_atomically(path, image.bmp())
        print(f"{path}: {image.width}x{image.height}")
        rows.append((f"`{name}.bmp`", f"{image.width}x{image.height}", draw.__doc__.strip()))
    readme = arguments.output / "README.md"
    if readme.exists():
        write_atomically(readme, with_table(readme.read_text(encoding="utf-8"), rows).encode())
        print(f"{readme}: table of {len(rows)} sprites")


TABLE_START = "<!-- The table is written by scripts/generate_sprites.py. -->"
TABLE_END = "<!-- End of the table. -->"


def with_table(text, rows):
    """The README text with the table between its markers replaced by one row per sprite."""
    start = text.index(TABLE_START) + len(TABLE_START)
    end = text.index(TABLE_END)
    header = ("File", "Size", "What it is")
    widths = [max(len(row[column]) for row in rows + [header]) for column in range(3)]
    def line(cells):
        return "| " + " | ".join(cell.ljust(width) for cell, width in zip(cells, widths)) + " |"
    table = [line(header), "| " + " | ".join("-" * width for width in widths) + " |"]
    table += [line(row) for row in rows]
    return text[:start] + "\n" + "\n".join(table) + "\n" + text[end:]


def write_atomically(path, data):
    """Writes `data` to a temporary file beside `path`, then renames it over `path`."""
    temporary = path.with_name(f".{path.name}.tmp")
    temporary.write_bytes(data)
    os.replace(temporary, path)


if __name__ == "__main__":
    main()
