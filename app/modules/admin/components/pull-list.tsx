import { Link } from "react-router";
import { Thumbnail } from "~/components/ui/thumbnail";
import type { PullListItem } from "../types";

/**
 * A fitting's pull list: the dresses to have ready, each with its picture and, where the catalogue was asked (the
 * agenda), the sizes in stock. The dashboard's details and the agenda both show it.
 */
export function PullList({ name, items, large = false }: { name: string; items: readonly PullListItem[]; large?: boolean }) {
  if (items.length === 0) return <p className="text-sm text-muted-foreground">No dresses asked for.</p>;
  return (
    <ul className="grid gap-2 text-sm" aria-label={`Dresses to pull for ${name}`}>
      {items.map((dress) => (
        <li key={dress.handle}>
          <Link to={`/product/${encodeURIComponent(dress.handle)}`} className="flex items-center gap-3 underline-offset-4 hover:underline">
            {dress.imageUrl ? (
              <Thumbnail
                image={{ url: dress.imageUrl }}
                width={large ? 48 : 40}
                height={large ? 64 : 52}
                className={large ? "h-16 w-12 shrink-0 rounded-sm object-cover" : "h-13 w-10 shrink-0 rounded-sm object-cover"}
              />
            ) : null}
            <span className="min-w-0">
              <span className="block break-words underline underline-offset-4">{dress.title}</span>
              {dress.sizes ? (
                <span className="block text-xs text-muted-foreground">
                  {dress.sizes.length > 0 ? `Sizes in stock: ${dress.sizes.join(", ")}` : "No size in stock"}
                </span>
              ) : null}
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
