import FoundationEssentials

/// The click page: one self-contained HTML file (the frame embedded as a data: URL PNG, no server, no network)
/// on which the user places the landmarks.
///
/// Each landmark is named, its board and distance prefilled and editable (a point above the lane, a pin's top, keeps
/// its height and is exported with it, but the page's fit, of the lane's surface, leaves it out). From four placed
/// points on, the page fits the homography in JavaScript (normalized DLT, Hartley 1997, as `Homography.fit` without the
/// refinement), draws the board and distance grid over the frame, shows each point's error, and exports the
/// calibration JSON (`analyze --calibration` reads it; `calibrate --points` refits it with lens distortion).
///
/// Test hook: `page.html#autotest=[[x,y],…]` clicks those image pixels in landmark order (null skips one) through
/// the same click handler, then writes the exported JSON into `<pre id="autotest-result">` for `--dump-dom`.
public enum CalibrationPage {
    /// The page for `frame` (PNG bytes of `size`), starting from `points` (NaN pixels: not placed yet).
    public static func html(png: Data, size: PixelSize, points: [LandmarkPoint] = StandardLandmarks.all) -> String {
        let landmarks = points.map { point in
            let pixel = point.xPx.isFinite && point.yPx.isFinite ? "[\(JSONText.number(point.xPx)), \(JSONText.number(point.yPx))]" : "null"
            return "{\"name\": \(JSONText.string(point.name ?? "")), \"board\": \(JSONText.number(point.board)), \"distance_ft\": \(JSONText.number(point.distanceFt))\(point.heightField), \"pixel\": \(pixel)}"
        }.joined(separator: ",\n  ")
        return template
            .replacing("@WIDTH@", with: String(size.width))
            .replacing("@HEIGHT@", with: String(size.height))
            .replacing("@BOARD_WIDTH_FT@", with: JSONText.number(Lane.boardWidthFt, digits: 12))
            .replacing("@LANDMARKS@", with: landmarks)
            .replacing("@PNG@", with: png.base64EncodedString())
    }

    static let template = #"""
<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>BowlerTrax lane calibration</title>
<style>
body { font: 14px sans-serif; margin: 12px; background: #222; color: #eee; }
#view { overflow: auto; max-height: 75vh; border: 1px solid #555; }
canvas { display: block; cursor: crosshair; image-rendering: pixelated; }
table { border-collapse: collapse; margin-top: 8px; }
td, th { padding: 2px 6px; border-bottom: 1px solid #444; text-align: right; }
td.name, th.name { text-align: left; }
tr.current { background: #345; }
input[type=number] { width: 5em; }
input.name { width: 14em; }
textarea { width: 100%; height: 12em; font: 12px monospace; }
.bad { color: #f66; }
</style></head>
<body>
<p>Pick a landmark (the highlighted row), then click it on the frame; the next one is selected.
Lines every 5 boards and at 0, 15, 30, 45, 60 ft follow the fit from 4 points on.
Zoom: <select id="zoom"><option>1</option><option>2</option><option>3</option><option>4</option></select>
<button id="add">Add landmark</button> <span id="status"></span></p>
<div id="view"><canvas id="frame" width="@WIDTH@" height="@HEIGHT@"></canvas></div>
<table><thead><tr><th></th><th class="name">landmark</th><th>board</th><th>distance ft</th><th>x px</th><th>y px</th><th>error px</th><th></th></tr></thead>
<tbody id="rows"></tbody></table>
<p><button id="export">Export calibration</button> <a id="download" download="calibration.json" href="#">Download calibration.json</a></p>
<textarea id="json" readonly></textarea>
<pre id="autotest-result"></pre>
<img id="source" alt="" style="display:none" src="data:image/png;base64,@PNG@">
<script>
"use strict";
const W = @WIDTH@, H = @HEIGHT@, BOARD_FT = @BOARD_WIDTH_FT@;
const landmarks = [
  @LANDMARKS@
];
let current = 0, fit = null;
const canvas = document.getElementById("frame"), ctx = canvas.getContext("2d"), img = document.getElementById("source");

function lane(p) { return [(p.board - 20) * BOARD_FT, p.distance_ft]; }

// Similarity moving the centroid to 0 and the mean distance to sqrt(2) (Hartley's normalization).
function normalization(pts) {
  const n = pts.length, cx = pts.reduce((s, p) => s + p[0], 0) / n, cy = pts.reduce((s, p) => s + p[1], 0) / n;
  const mean = pts.reduce((s, p) => s + Math.hypot(p[0] - cx, p[1] - cy), 0) / n, s = mean > 0 ? Math.SQRT2 / mean : 1;
  return [s, 0, -s * cx, 0, s, -s * cy, 0, 0, 1];
}
function mul(a, b) {
  const r = new Array(9).fill(0);
  for (let i = 0; i < 3; i++) for (let j = 0; j < 3; j++) for (let k = 0; k < 3; k++) r[3 * i + j] += a[3 * i + k] * b[3 * k + j];
  return r;
}
function apply(h, x, y) {
  const w = h[6] * x + h[7] * y + h[8];
  return [(h[0] * x + h[1] * y + h[2]) / w, (h[3] * x + h[4] * y + h[5]) / w, w];
}
function inverseSimilarity(t) { const s = t[0]; return [1 / s, 0, -t[2] / s, 0, 1 / s, -t[5] / s, 0, 0, 1]; }
// Eigenvector of the smallest eigenvalue of a symmetric matrix, by cyclic Jacobi rotations.
function smallestEigenvector(a) {
  const n = a.length, v = a.map((_, i) => a.map((_, j) => (i === j ? 1 : 0)));
  for (let sweep = 0; sweep < 60; sweep++) {
    let off = 0;
    for (let p = 0; p < n; p++) for (let q = p + 1; q < n; q++) off += a[p][q] * a[p][q];
    if (off < 1e-22) break;
    for (let p = 0; p < n; p++) for (let q = p + 1; q < n; q++) {
      if (Math.abs(a[p][q]) < 1e-300) continue;
      const theta = (a[q][q] - a[p][p]) / (2 * a[p][q]);
      const t = Math.sign(theta || 1) / (Math.abs(theta) + Math.sqrt(theta * theta + 1)), c = 1 / Math.sqrt(t * t + 1), s = t * c;
      for (let k = 0; k < n; k++) { const akp = a[k][p], akq = a[k][q]; a[k][p] = c * akp - s * akq; a[k][q] = s * akp + c * akq; }
      for (let k = 0; k < n; k++) { const apk = a[p][k], aqk = a[q][k]; a[p][k] = c * apk - s * aqk; a[q][k] = s * apk + c * aqk; }
      for (let k = 0; k < n; k++) { const vkp = v[k][p], vkq = v[k][q]; v[k][p] = c * vkp - s * vkq; v[k][q] = s * vkp + c * vkq; }
    }
  }
  let best = 0;
  for (let i = 1; i < n; i++) if (a[i][i] < a[best][best]) best = i;
  return v.map(row => row[best]);
}
// Normalized DLT: lane (lateral ft, distance ft) -> pixel.
function fitHomography(from, to) {
  const tf = normalization(from), tt = normalization(to), ata = [...Array(9)].map(() => new Array(9).fill(0));
  from.forEach((f, i) => {
    const p = apply(tf, f[0], f[1]), q = apply(tt, to[i][0], to[i][1]);
    for (const r of [[-p[0], -p[1], -1, 0, 0, 0, q[0] * p[0], q[0] * p[1], q[0]], [0, 0, 0, -p[0], -p[1], -1, q[1] * p[0], q[1] * p[1], q[1]]])
      for (let i = 0; i < 9; i++) for (let j = 0; j < 9; j++) ata[i][j] += r[i] * r[j];
  });
  const h = mul(inverseSimilarity(tt), mul(smallestEigenvector(ata), tf));
  return h.every(Number.isFinite) && Math.abs(h[8]) > 1e-12 ? h.map(x => x / h[8]) : null;
}

// The homography maps the lane's surface: a point above it (a pin's top, height_ft) is kept and exported, not fitted.
function refit() {
  const placed = landmarks.filter(p => p.pixel && !p.height_ft);
  fit = placed.length >= 4 ? fitHomography(placed.map(lane), placed.map(p => p.pixel)) : null;
  landmarks.forEach(p => {
    p.error = null;
    if (!fit || !p.pixel || p.height_ft) return;
    const q = apply(fit, ...lane(p));
    p.error = q[2] > 0 === apply(fit, 0, 0)[2] > 0 ? Math.hypot(q[0] - p.pixel[0], q[1] - p.pixel[1]) : Infinity;
  });
}

function polyline(points, color) {
  ctx.strokeStyle = color; ctx.beginPath();
  points.forEach((p, i) => { const q = apply(fit, (p[0] - 20) * BOARD_FT, p[1]); if (q[2] * apply(fit, 0, 0)[2] > 0) (i ? ctx.lineTo(q[0], q[1]) : ctx.moveTo(q[0], q[1])); });
  ctx.stroke();
}
function draw() {
  ctx.drawImage(img, 0, 0);
  ctx.lineWidth = 1;
  if (fit) {
    for (const b of [0.5, 5, 10, 15, 20, 25, 30, 35, 39.5]) polyline([[b, 0], [b, 60]], "#00e6ff");
    for (const d of [0, 15, 30, 45, 60]) polyline([[0.5, d], [39.5, d]], d === 0 ? "#ff00ff" : "#ffdc00");
  }
  landmarks.forEach((p, i) => {
    if (!p.pixel) return;
    ctx.strokeStyle = i === current ? "#ffffff" : "#00ff00"; ctx.beginPath();
    ctx.moveTo(p.pixel[0] - 6, p.pixel[1]); ctx.lineTo(p.pixel[0] + 6, p.pixel[1]);
    ctx.moveTo(p.pixel[0], p.pixel[1] - 6); ctx.lineTo(p.pixel[0], p.pixel[1] + 6); ctx.stroke();
  });
}

function cell(row, content, cls) { const td = row.insertCell(); if (cls) td.className = cls; if (content instanceof Node) td.appendChild(content); else td.textContent = content; return td; }
function numberInput(p, key) {
  const input = document.createElement("input"); input.type = "number"; input.step = "any"; input.value = p[key];
  input.addEventListener("change", () => { p[key] = parseFloat(input.value); update(); });
  return input;
}
function render() {
  const body = document.getElementById("rows"); body.textContent = "";
  landmarks.forEach((p, i) => {
    const row = body.insertRow(); if (i === current) row.className = "current";
    const pick = document.createElement("input"); pick.type = "radio"; pick.name = "current"; pick.checked = i === current;
    pick.addEventListener("change", () => { current = i; update(); });
    cell(row, pick);
    const name = document.createElement("input"); name.className = "name"; name.value = p.name;
    name.addEventListener("change", () => { p.name = name.value; update(); });
    cell(row, name, "name"); cell(row, numberInput(p, "board")); cell(row, numberInput(p, "distance_ft"));
    cell(row, p.pixel ? p.pixel[0].toFixed(1) : "-"); cell(row, p.pixel ? p.pixel[1].toFixed(1) : "-");
    cell(row, p.error == null ? "-" : p.error.toFixed(2), p.error > 3 ? "bad" : "");
    const clear = document.createElement("button"); clear.textContent = "clear";
    clear.addEventListener("click", () => { p.pixel = null; current = i; update(); });
    cell(row, clear);
  });
  const placed = landmarks.filter(p => p.pixel).length;
  document.getElementById("status").textContent = `${placed} placed` + (placed < 4 ? " (the fit needs 4)" : fit ? "" : " (these points fix no homography)");
}
function update() { refit(); render(); draw(); }

function exportJSON() {
  const points = landmarks.filter(p => p.pixel).map(p => ({ name: p.name, pixel: p.pixel, board: p.board, distance_ft: p.distance_ft, ...(p.height_ft ? { height_ft: p.height_ft } : {}) }));
  const json = JSON.stringify({ image_width: W, image_height: H, points }, null, 2) + "\n";
  document.getElementById("json").value = json;
  document.getElementById("download").href = "data:application/json;charset=utf-8," + encodeURIComponent(json);
  return json;
}

// The one click handler: client coordinates -> continuous image pixels, whatever the zoom.
canvas.addEventListener("click", ev => {
  const rect = canvas.getBoundingClientRect();
  landmarks[current].pixel = [(ev.clientX - rect.left) * W / rect.width, (ev.clientY - rect.top) * H / rect.height];
  const next = landmarks.findIndex((p, i) => i > current && !p.pixel);
  current = next >= 0 ? next : Math.min(current + 1, landmarks.length - 1);
  update();
});
document.getElementById("zoom").addEventListener("change", ev => { canvas.style.width = W * ev.target.value + "px"; });
document.getElementById("add").addEventListener("click", () => {
  landmarks.push({ name: "landmark " + (landmarks.length + 1), board: 20, distance_ft: 30, pixel: null }); current = landmarks.length - 1; update();
});
document.getElementById("export").addEventListener("click", exportJSON);

function start() {
  const first = landmarks.findIndex(p => !p.pixel); current = first >= 0 ? first : 0;
  update();
  const match = location.hash.match(/^#autotest=(.*)$/);
  if (!match) return;
  const clicks = JSON.parse(decodeURIComponent(match[1]));
  clicks.forEach((c, i) => {
    if (!c || i >= landmarks.length) return;
    current = i;
    const rect = canvas.getBoundingClientRect();
    canvas.dispatchEvent(new MouseEvent("click", { bubbles: true, clientX: rect.left + c[0] * rect.width / W, clientY: rect.top + c[1] * rect.height / H }));
  });
  document.getElementById("autotest-result").textContent = exportJSON();
}
if (img.complete) start(); else img.addEventListener("load", start);
</script>
</body></html>
"""#
}
