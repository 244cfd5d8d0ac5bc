/** Where the browser asks for one image; `thumb` for its thumbnail. Served only to the requester and staff. */
export function designImageUrl(imageId: string, size: "full" | "thumb" = "full"): string {
  return `/custom-design/images/${imageId}${size === "thumb" ? "?size=thumb" : ""}`;
}
