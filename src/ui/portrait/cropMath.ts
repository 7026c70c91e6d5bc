/**
 * The crop of a portrait, pure: an image shown in a square view (the circle inscribed in it),
 * scaled to cover the view at zoom 1 and moved by its top-left corner, in view pixels.
 */
export interface Crop {
  readonly zoom: number;
  readonly x: number;
  readonly y: number;
}

/** Side of the on-screen crop view in CSS pixels (fits a 390 px phone with margins). */
export const CROP_VIEW_PX = 240;
/** Side of the uploaded portrait: tokens draw it at most about 200 px wide. */
export const PORTRAIT_OUT_PX = 256;
export const MIN_ZOOM = 1;
export const MAX_ZOOM = 4;

/** Image pixels → view pixels at `zoom`: zoom 1 makes the shorter side fill the view. */
export function scaleOf(image: { width: number; height: number }, zoom: number, view = CROP_VIEW_PX): number {
  return (view / Math.min(image.width, image.height)) * zoom;
}

/** Keeps the view covered: the image never leaves a gap inside the square (so none in the circle). */
export function clampCrop(image: { width: number; height: number }, crop: Crop, view = CROP_VIEW_PX): Crop {
  const zoom = Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, crop.zoom));
  const s = scaleOf(image, zoom, view);
  const clamp = (v: number, size: number) => Math.min(0, Math.max(view - size * s, v));
  return { zoom, x: clamp(crop.x, image.width), y: clamp(crop.y, image.height) };
}

/** The first crop: zoom 1, the image centred. */
export function centredCrop(image: { width: number; height: number }, view = CROP_VIEW_PX): Crop {
  const s = scaleOf(image, 1, view);
  return { zoom: 1, x: (view - image.width * s) / 2, y: (view - image.height * s) / 2 };
}

/** A new zoom, keeping the view point `at` (default the centre) over the same image point. */
export function zoomCrop(
  image: { width: number; height: number },
  crop: Crop,
  zoom: number,
  at: { x: number; y: number } = { x: CROP_VIEW_PX / 2, y: CROP_VIEW_PX / 2 },
  view = CROP_VIEW_PX,
): Crop {
  const next = Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, zoom));
  const ratio = scaleOf(image, next, view) / scaleOf(image, crop.zoom, view);
  return clampCrop(
    image,
    { zoom: next, x: at.x - (at.x - crop.x) * ratio, y: at.y - (at.y - crop.y) * ratio },
    view,
  );
}

/** Moved by (dx, dy) view pixels, kept covering the view. */
export function moveCrop(
  image: { width: number; height: number },
  crop: Crop,
  dx: number,
  dy: number,
  view = CROP_VIEW_PX,
): Crop {
  return clampCrop(image, { ...crop, x: crop.x + dx, y: crop.y + dy }, view);
}

/** Where the whole image is drawn on an output square of `out` pixels for this crop. */
export function outputRect(
  image: { width: number; height: number },
  crop: Crop,
  out = PORTRAIT_OUT_PX,
  view = CROP_VIEW_PX,
): { x: number; y: number; width: number; height: number } {
  const k = out / view;
  const s = scaleOf(image, crop.zoom, view) * k;
  return { x: crop.x * k, y: crop.y * k, width: image.width * s, height: image.height * s };
}
