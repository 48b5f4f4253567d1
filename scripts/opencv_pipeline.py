#!/usr/bin/env python3
"""The ball finder a user would otherwise write with OpenCV: the reference bowlertrax-bench compares against.

Per frame: decode (cv2.VideoCapture, FFmpeg backend, BGR out), cvtColor to HSV, inRange around the
ball colour (the same tolerance as BowlerTrax's HSVTolerance.standard), a morphological open,
findContours, and the most circular blob (4*pi*area/perimeter^2) of at least 6 pixels.
Prints one JSON line: frames, seconds (wall time of the loop, open excluded), cpu_seconds (the process's CPU time over
the loop, every thread), frames with a blob.
"""
import argparse
import json
import os
import sys
import time


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("video")
    parser.add_argument("--ball-hsv", required=True, help="h,s,v in degrees and percent, as bowlertrax takes it")
    parser.add_argument("--threads", type=int, required=True,
                        help="cv2.setNumThreads and the FFmpeg decoder's threads; 0 leaves both to OpenCV and FFmpeg (every core)")
    args = parser.parse_args()

    # The capture backend reads its decoder options from this variable; set it before cv2 opens anything.
    if args.threads > 0:
        os.environ["OPENCV_FFMPEG_CAPTURE_OPTIONS"] = f"threads;{args.threads}"
    import cv2
    import numpy as np

    if args.threads > 0:
        cv2.setNumThreads(args.threads)
    hue_deg, sat_pct, val_pct = (float(part) for part in args.ball_hsv.split(","))
    # OpenCV 8-bit HSV: H in 0..179 (degrees / 2), S and V in 0..255. Tolerance: HSVTolerance.standard.
    # The hue window may wrap past 0/180: two ranges then.
    hue_tolerance_deg, sat_tolerance_pct, min_value_fraction, value_above_pct = 18, 35, 0.35, 40
    sat_low = max(0, (sat_pct - sat_tolerance_pct) * 2.55)
    sat_high = min(255, (sat_pct + sat_tolerance_pct) * 2.55)
    val_low = val_pct * min_value_fraction * 2.55
    val_high = min(255, (val_pct + value_above_pct) * 2.55)
    hue_low = (hue_deg - hue_tolerance_deg) / 2
    hue_high = (hue_deg + hue_tolerance_deg) / 2
    ranges = []
    for low, high in ((hue_low, hue_high), (hue_low - 180, hue_high - 180), (hue_low + 180, hue_high + 180)):
        low, high = max(0, low), min(179, high)
        if low <= high:
            ranges.append((np.array([low, sat_low, val_low], np.uint8), np.array([high, sat_high, val_high], np.uint8)))
    kernel = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (3, 3))

    capture = cv2.VideoCapture(args.video, cv2.CAP_FFMPEG)
    if not capture.isOpened():
        print(f"Error: OpenCV cannot open {args.video}", file=sys.stderr)
        return 1
    frames = 0
    found = 0
    start, cpu_start = time.perf_counter(), time.process_time()
    while True:
        ok, bgr = capture.read()
        if not ok:
            break
        frames += 1
        hsv = cv2.cvtColor(bgr, cv2.COLOR_BGR2HSV)
        mask = cv2.inRange(hsv, ranges[0][0], ranges[0][1])
        for low, high in ranges[1:]:
            mask |= cv2.inRange(hsv, low, high)
        mask = cv2.morphologyEx(mask, cv2.MORPH_OPEN, kernel)
        contours, _ = cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
        best = None
        for contour in contours:
            area = cv2.contourArea(contour)
            perimeter = cv2.arcLength(contour, True)
            if area < 6 or perimeter <= 0:
                continue
            circularity = 4 * np.pi * area / (perimeter * perimeter)
            if best is None or circularity > best[0]:
                best = (circularity, cv2.minEnclosingCircle(contour))
        if best is not None:
            found += 1
    seconds, cpu_seconds = time.perf_counter() - start, time.process_time() - cpu_start
    capture.release()
    print(json.dumps({"frames": frames, "seconds": seconds, "cpu_seconds": cpu_seconds, "frames_with_blob": found}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
