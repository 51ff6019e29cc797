/// The GPU renderer's GLSL 3.30 programs: one vertex shader for the frame's instances, one for
/// their health bars, one for command quads (background, HUD, text, lines), and one fragment
/// shader for all of them.
///
/// They follow `PixelRules` and the headless rasterizer step by step: a shape covers the pixels
/// whose centres lie inside it (its quad's edges are snapped to them on the GPU), a sprite's
/// texel is picked with the rasterizer's own arithmetic from the pixel's centre, tints multiply
/// in integers rounded as the rasterizer rounds, and rotations and dot colours come from tables
/// the CPU filled with the rasterizer's own functions. What may still differ is the last bit of
/// a float where a GPU fuses a multiply and an add.
enum OpenGLShaders {
  /// What every vertex shader passes on, flat, to the fragment shader.
  private static let varyings = """
    flat out int v_mode;
    flat out vec4 v_colour;
    flat out vec4 v_geometry;
    flat out vec2 v_rotation;
    flat out ivec4 v_region;
    uniform vec2 u_output;
    uniform vec2 u_offset;
    uniform float u_scale;

    // The pixel edges whose centres lie in [start, end), clipped to 0...limit: PixelRules.
    vec2 covered(float start, float end, float limit) {
      if (isnan(start) || isnan(end) || isinf(start) || isinf(end) || !(end > start)) {
        return vec2(0.0);
      }
      float first = clamp(ceil(max(start, -1.0) - 0.5), 0.0, limit);
      float last = clamp(ceil(min(end, limit + 1.0) - 0.5), 0.0, limit);
      return vec2(first, max(first, last));
    }

    // Places this vertex at its corner of the pixel edges (left, top, right, bottom).
    void emit(vec4 edges, int corner) {
      vec2 at = vec2(corner & 1, corner >> 1);
      vec2 point = mix(edges.xy, edges.zw, at);
      gl_Position = vec4(point.x / u_output.x * 2.0 - 1.0, 1.0 - point.y / u_output.y * 2.0, 0.0, 1.0);
    }

    void nothing() {
      v_mode = 0;
      gl_Position = vec4(-2.0, -2.0, 0.0, 1.0);
    }

    void clearVaryings() {
      v_mode = 0;
      v_colour = vec4(0.0);
      v_geometry = vec4(0.0);
      v_rotation = vec2(1.0, 0.0);
      v_region = ivec4(0);
    }

    // Fills the pixels whose centres lie inside (x, y, width, height): the rasterizer's fillRect.
    void fill(float x, float y, float width, float height, vec4 colour, int corner) {
      vec2 columns = covered(x, x + width, u_output.x);
      vec2 rows = covered(y, y + height, u_output.y);
      if (colour.a == 0.0 || columns.x == columns.y || rows.x == rows.y) {
        nothing();
        return;
      }
      v_mode = 1;
      v_colour = colour;
      emit(vec4(columns.x, rows.x, columns.y, rows.y), corner);
    }

    // A sprite placed as the rasterizer's blit places it: turned when the rotation is not
    // (nearly) zero, the quad the pixels its bounds cover.
    void sprite(
      float centreX, float centreY, float width, float height, bool turned, vec2 rotation,
      ivec4 region, vec4 tint, int corner
    ) {
      if (!(width > 0.0) || !(height > 0.0) || isinf(width) || isinf(height)
        || isnan(centreX) || isinf(centreX) || isnan(centreY) || isinf(centreY)
        || tint.a == 0.0 || region.z <= 0 || region.w <= 0) {
        nothing();
        return;
      }
      vec2 columns;
      vec2 rows;
      if (turned) {
        float extentX = abs(rotation.x) * (width / 2.0) + abs(rotation.y) * (height / 2.0);
        float extentY = abs(rotation.y) * (width / 2.0) + abs(rotation.x) * (height / 2.0);
        columns = covered(centreX - extentX, centreX + extentX, u_output.x);
        rows = covered(centreY - extentY, centreY + extentY, u_output.y);
        v_mode = 3;
        v_geometry = vec4(centreX, centreY, width, height);
      } else {
        float left = centreX - width / 2.0;
        float top = centreY - height / 2.0;
        columns = covered(left, left + width, u_output.x);
        rows = covered(top, top + height, u_output.y);
        v_mode = 2;
        v_geometry = vec4(left, top, width, height);
      }
      if (columns.x == columns.y || rows.x == rows.y) {
        nothing();
        return;
      }
      v_rotation = rotation;
      v_region = region;
      v_colour = tint;
      emit(vec4(columns.x, rows.x, columns.y, rows.y), corner);
    }
    """

  /// What the instance and bar shaders share to move an entity between ticks: the earlier
  /// frame's floats and where its entity stood there.
  private static let movement = """
    uniform float u_t;
    uniform int u_moving;
    uniform samplerBuffer u_earlierFloats;

    // The position between the earlier frame's and this one's, when the entity was in the
    // earlier frame at `earlier` (0xFFFFFFFF when it was not).
    vec2 moved(vec2 position, uint earlier) {
      if (u_moving == 0 || earlier == 0xFFFFFFFFu) {
        return position;
      }
      int base = int(earlier) * 5;
      vec2 before = vec2(texelFetch(u_earlierFloats, base).r, texelFetch(u_earlierFloats, base + 1).r);
      return before + (position - before) * u_t;
    }
    """

  /// The frame's instances: one quad each (a triangle strip of four), moved between ticks.
  static let instanceVertex = """
    #version 330 core
    layout(location = 0) in vec2 a_position;
    layout(location = 1) in vec2 a_size;
    layout(location = 2) in uvec4 a_tint;
    layout(location = 3) in uint a_turns;
    layout(location = 4) in uvec2 a_healthAndKind;
    layout(location = 5) in uint a_earlier;
    uniform usamplerBuffer u_earlierWords;
    uniform isamplerBuffer u_kinds;
    uniform sampler2D u_rotations;
    uniform usampler2D u_dots;
    \(varyings)
    \(movement)
    void main() {
      clearVaryings();
      vec2 position = moved(a_position, a_earlier);
      uint turns = a_turns;
      if (u_moving != 0 && a_earlier != 0xFFFFFFFFu) {
        uint earlierTurns = texelFetch(u_earlierWords, int(a_earlier) * 5 + 4).r & 0xFFFFu;
        if (earlierTurns != turns) {
          int difference = int((turns - earlierTurns) & 0xFFFFu);
          if (difference >= 32768) { difference -= 65536; }
          float part = float(difference) * u_t;
          int step = int(sign(part) * floor(abs(part) + 0.5));
          turns = (earlierTurns + uint(step)) & 0xFFFFu;
        }
      }
      int kind = int(a_healthAndKind.y);
      ivec4 flags = texelFetch(u_kinds, kind * 3 + 2);
      float width = abs(a_size.x) * u_scale;
      float height = a_size.y * u_scale;
      bool mirrored = (floatBitsToUint(a_size.x) >> 31) != 0u;
      float centreX = u_offset.x + position.x * u_scale;
      float centreY = u_offset.y + position.y * u_scale;
      vec4 tint = vec4(a_tint);
      if (flags.x != 0 && max(width, height) < 6.0) {
        float side = max(min(width, height), 2.0);
        uint health = a_healthAndKind.x;
        vec4 dot = vec4(
          texelFetch(u_dots, ivec2(a_tint.r, health), 0).r,
          texelFetch(u_dots, ivec2(a_tint.g, health), 0).r,
          texelFetch(u_dots, ivec2(a_tint.b, health), 0).r, a_tint.a);
        fill(centreX - side / 2.0, centreY - side / 2.0, side, side, dot, gl_VertexID);
        return;
      }
      if (flags.y == 0) {
        fill(centreX - width / 2.0, centreY - height / 2.0, width, height,
          vec4(255.0, 0.0, 255.0, 255.0), gl_VertexID);
        return;
      }
      ivec4 region = texelFetch(u_kinds, kind * 3 + (mirrored ? 1 : 0));
      // A rotation below 1e-4 radians is drawn unturned, as by the rasterizer: 0 or 1 step.
      bool turned = turns > 1u;
      vec2 rotation = turned
        ? texelFetch(u_rotations, ivec2(turns & 255u, turns >> 8), 0).rg : vec2(1.0, 0.0);
      sprite(centreX, centreY, width, height, turned, rotation, region, tint, gl_VertexID);
    }
    """

  /// The health bars: a dark frame and a fill each (two rectangles, twelve vertices), beside
  /// their sprite wherever it is drawn.
  static let barVertex = """
    #version 330 core
    layout(location = 0) in uint a_owner;
    layout(location = 1) in vec2 a_offset;
    layout(location = 2) in vec2 a_size;
    layout(location = 3) in float a_fraction;
    uniform samplerBuffer u_floats;
    uniform usamplerBuffer u_earlierSlots;
    \(varyings)
    \(movement)

    float mixChannel(float a, float b, float t) {
      return floor(a + (b - a) * t + 0.5);
    }

    vec4 fillColour(float fraction) {
      vec3 healthy = vec3(70.0, 200.0, 70.0);
      vec3 wounded = vec3(230.0, 200.0, 40.0);
      vec3 dying = vec3(220.0, 50.0, 40.0);
      vec3 from = fraction > 0.5 ? wounded : dying;
      vec3 to = fraction > 0.5 ? healthy : wounded;
      float t = clamp(fraction > 0.5 ? (fraction - 0.5) * 2.0 : fraction * 2.0, 0.0, 1.0);
      return vec4(
        mixChannel(from.r, to.r, t), mixChannel(from.g, to.g, t), mixChannel(from.b, to.b, t),
        255.0);
    }

    void main() {
      clearVaryings();
      int owner = int(a_owner);
      vec2 position = vec2(texelFetch(u_floats, owner * 5).r, texelFetch(u_floats, owner * 5 + 1).r);
      position = moved(position, u_moving != 0 ? texelFetch(u_earlierSlots, owner).r : 0xFFFFFFFFu);
      float x = position.x + a_offset.x;
      float y = position.y + a_offset.y;
      float width = a_size.x;
      float height = a_size.y;
      if (width * u_scale < 8.0) {
        nothing();
        return;
      }
      float left = u_offset.x + (x - width / 2.0) * u_scale;
      float top = u_offset.y + (y - height / 2.0) * u_scale;
      float barWidth = max(width * u_scale, 2.0);
      float barHeight = max(height * u_scale, 2.0);
      int corner = gl_VertexID % 6;
      corner = corner < 3 ? corner : corner - 2;
      if (gl_VertexID < 6) {
        fill(left - 1.0, top - 1.0, barWidth + 2.0, barHeight + 2.0, vec4(0.0, 0.0, 0.0, 170.0), corner);
      } else {
        fill(left, top, barWidth * a_fraction, barHeight, fillColour(a_fraction), corner);
      }
    }
    """

  /// Command quads the CPU placed: solid rectangles, sprites and the rasterized world.
  static let quadVertex = """
    #version 330 core
    layout(location = 0) in vec4 a_edges;
    layout(location = 1) in vec4 a_geometry;
    layout(location = 2) in vec2 a_rotation;
    layout(location = 3) in uvec4 a_region;
    layout(location = 4) in uvec4 a_colour;
    layout(location = 5) in uint a_mode;
    \(varyings)
    void main() {
      v_mode = int(a_mode);
      v_colour = vec4(a_colour);
      v_geometry = a_geometry;
      v_rotation = a_rotation;
      v_region = ivec4(a_region);
      emit(a_edges, gl_VertexID);
    }
    """

  /// Every shape's pixels: a solid colour, a sprite's texel tinted, or the rasterized world.
  static let fragment = """
    #version 330 core
    flat in int v_mode;
    flat in vec4 v_colour;
    flat in vec4 v_geometry;
    flat in vec2 v_rotation;
    flat in ivec4 v_region;
    uniform usampler2D u_atlas;
    uniform sampler2D u_world;
    uniform float u_outputHeight;
    out vec4 o_colour;

    // a * b / 255, rounded: the rasterizer's modulate.
    uint modulate(uint a, uint b) {
      uint t = a * b + 128u;
      return (t + (t >> 8)) >> 8;
    }

    void main() {
      vec2 p = vec2(gl_FragCoord.x, u_outputHeight - gl_FragCoord.y);
      if (v_mode == 1) {
        o_colour = v_colour / 255.0;
        return;
      }
      if (v_mode == 4) {
        o_colour = texelFetch(u_world, ivec2(p), 0);
        return;
      }
      int u;
      int v;
      if (v_mode == 2) {
        u = min(int((p.x - v_geometry.x) * (float(v_region.z) / v_geometry.z)), v_region.z - 1);
        v = min(int((p.y - v_geometry.y) * (float(v_region.w) / v_geometry.w)), v_region.w - 1);
      } else if (v_mode == 3) {
        float dx = p.x - v_geometry.x;
        float dy = p.y - v_geometry.y;
        float localX = dx * v_rotation.x + dy * v_rotation.y + v_geometry.z / 2.0;
        float localY = -dx * v_rotation.y + dy * v_rotation.x + v_geometry.w / 2.0;
        if (localX < 0.0 || localX >= v_geometry.z || localY < 0.0 || localY >= v_geometry.w) {
          discard;
        }
        u = min(int(localX * (float(v_region.z) / v_geometry.z)), v_region.z - 1);
        v = min(int(localY * (float(v_region.w) / v_geometry.w)), v_region.w - 1);
      } else {
        discard;
      }
      uvec4 texel = texelFetch(u_atlas, ivec2(v_region.x + u, v_region.y + v), 0);
      uvec4 tint = uvec4(v_colour);
      uvec4 colour = uvec4(
        modulate(texel.r, tint.r), modulate(texel.g, tint.g), modulate(texel.b, tint.b),
        modulate(texel.a, tint.a));
      if (texel.a == 0u || colour.a == 0u) {
        discard;
      }
      o_colour = vec4(colour) / 255.0;
    }
    """
}
