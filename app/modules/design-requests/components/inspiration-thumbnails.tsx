interface InspirationThumbnail {
  id: string;
  url: string;
  thumbUrl: string;
}

/**
 * A request's inspiration images as small squares, each a link that opens
 * the full image (served only to the requester and to staff). For the
 * account page and the admin dashboard's details.
 */
export function InspirationThumbnails({
  images,
  label,
  from,
  className,
}: {
  images: readonly InspirationThumbnail[];
  /** The list's accessible name. */
  label?: string;
  /** Who sent them, for the images' text ("… from Ada Lovelace"). */
  from?: string;
  className: string;
}) {
  return (
    <ul aria-label={label} className={className}>
      {images.map((image, index) => (
        <li key={image.id}>
          <a
            href={image.url}
            target="_blank"
            rel="noreferrer"
            className="block overflow-hidden rounded-sm border border-border focus-visible:ring-2 focus-visible:ring-gold"
          >
            <img
              src={image.thumbUrl}
              alt={`Inspiration image ${index + 1} of ${images.length}${from ? ` from ${from}` : ""}`}
              width={96}
              height={96}
              loading="lazy"
              decoding="async"
              className="aspect-square h-auto w-full object-cover"
            />
          </a>
        </li>
      ))}
    </ul>
  );
}
