import { Camera } from "lucide-react";
import { Reveal } from "~/components/ui/reveal";
import { BRAND } from "~/lib/brand";
import { INSTAGRAM_HANDLE, SOCIAL_POSTS } from "../../content/home";
import { ArtworkImage } from "../artwork-image";
import { SectionHeading } from "../section-heading";

/** SPEC §2: six fixed posts, each opening the brand's photo-sharing profile. */
export function SocialGallery() {
  return (
    <Reveal as="section" aria-labelledby="social-heading" className="px-6 py-24 sm:px-8 sm:py-32">
      <SectionHeading
        id="social-heading"
        eyebrow="Follow along"
        tight={false}
        title={
          <a href={BRAND.instagram} target="_blank" rel="noopener noreferrer" className="transition-colors hover:text-gold-ink">
            {INSTAGRAM_HANDLE}
            <span className="sr-only"> on Instagram (opens in a new tab)</span>
          </a>
        }
      />
      <p className="mx-auto mt-6 max-w-2xl text-center text-muted-foreground">
        Fittings, florals and the occasional happy tear, shared from the studio.
      </p>
      <ul className="mx-auto mt-14 grid max-w-7xl grid-cols-2 gap-2 sm:grid-cols-3 sm:gap-3 lg:grid-cols-6">
        {SOCIAL_POSTS.map((post) => (
          <li key={post.src}>
            <a href={BRAND.instagram} target="_blank" rel="noopener noreferrer" className="group relative block overflow-hidden">
              <ArtworkImage art={post} className="h-auto w-full transition-transform duration-700 group-hover:scale-105" />
              <span
                aria-hidden="true"
                className="absolute inset-0 flex items-center justify-center bg-[#1b1a18]/0 text-[#f4efe6] opacity-0 transition-all duration-500 group-hover:bg-[#1b1a18]/35 group-hover:opacity-100 group-focus-visible:bg-[#1b1a18]/35 group-focus-visible:opacity-100"
              >
                <Camera className="size-7" strokeWidth={1.25} />
              </span>
              <span className="sr-only"> (view on Instagram, opens in a new tab)</span>
            </a>
          </li>
        ))}
      </ul>
    </Reveal>
  );
}
