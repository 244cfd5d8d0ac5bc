import { ImagePlus, X } from "lucide-react";
import { useEffect, useMemo, useRef, useState, type DragEvent } from "react";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { cx } from "~/lib/class-names";
import { formatByteSize } from "~/lib/format";
import { useHydrated } from "~/lib/hydrated";
import { IMAGE_ACCEPT, UPLOAD_MESSAGES } from "~/modules/uploads/uploads";

/** Object URLs for the files' previews (files exist in the browser only), let go when the files change or the picker goes. */
function usePreviews(files: readonly File[]): readonly string[] {
  const urls = useMemo(() => files.map((file) => URL.createObjectURL(file)), [files]);
  useEffect(() => () => urls.forEach((url) => URL.revokeObjectURL(url)), [urls]);
  return urls;
}

/** Puts `files` in the file input: it stays what the form sends, with or without this script. */
function setInputFiles(input: HTMLInputElement | null, files: readonly File[]) {
  if (!input) return;
  const transfer = new DataTransfer();
  for (const file of files) transfer.items.add(file);
  input.files = transfer.files;
}

/**
 * The inspiration step's images: a plain file input (all there is without
 * JavaScript), and with JavaScript a drop zone around it and a thumbnail of
 * each chosen file with its name, its real size and a remove button. The
 * input's `files` stay the one truth: a drop or a removal rewrites them
 * (DataTransfer), so the form posts the same way however the files came.
 * Choosing in the picker replaces the choice, as a file input does; a drop adds to it.
 */
export function InspirationPicker({
  id,
  files,
  errors,
  onFiles,
}: {
  id: string;
  files: readonly File[];
  errors?: readonly string[];
  onFiles: (files: File[]) => void;
}) {
  const hydrated = useHydrated();
  const input = useRef<HTMLInputElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const [over, setOver] = useState(false);
  const [broken, setBroken] = useState<ReadonlySet<string>>(new Set());
  const focusAfterRemoval = useRef<number | null>(null);
  const previews = usePreviews(files);

  // After a removal, focus goes to the remove button now in its place (or the one before), else to the input.
  useEffect(() => {
    const index = focusAfterRemoval.current;
    if (index === null) return;
    focusAfterRemoval.current = null;
    const buttons = list.current?.querySelectorAll<HTMLButtonElement>("button") ?? [];
    (buttons[Math.min(index, buttons.length - 1)] ?? input.current)?.focus();
  }, [files]);

  const remove = (index: number) => {
    const left = files.filter((_, i) => i !== index);
    setInputFiles(input.current, left);
    focusAfterRemoval.current = index;
    onFiles(left);
  };

  const onDragOver = (event: DragEvent<HTMLDivElement>) => {
    if (!event.dataTransfer.types.includes("Files")) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = "copy";
    setOver(true);
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setOver(false);
    const dropped = [...event.dataTransfer.files];
    if (dropped.length === 0) return;
    const all = [...files, ...dropped];
    setInputFiles(input.current, all);
    onFiles(all);
  };

  const dropTextId = `${id}-drop`;
  return (
    <>
      <Field id={id} label="Inspiration images" optional errors={errors} description={UPLOAD_MESSAGES.hint}>
        <div
          role={hydrated ? "group" : undefined}
          aria-labelledby={hydrated ? dropTextId : undefined}
          onDragOver={hydrated ? onDragOver : undefined}
          onDragLeave={hydrated ? () => setOver(false) : undefined}
          onDrop={hydrated ? onDrop : undefined}
          className={cx(
            hydrated && "grid gap-3 rounded-sm border border-dashed p-4 transition-colors sm:p-5",
            hydrated && (over ? "border-gold-ink bg-accent" : "border-border"),
          )}
        >
          {hydrated ? (
            <p id={dropTextId} className="flex items-center gap-2 text-sm text-muted-foreground">
              <ImagePlus aria-hidden="true" className="size-4 shrink-0 text-gold-ink" />
              Drop photos here, or choose them
            </p>
          ) : null}
          <Input
            ref={input}
            name="images"
            type="file"
            multiple
            accept={IMAGE_ACCEPT}
            onChange={(event) => onFiles([...(event.target.files ?? [])])}
            className="cursor-pointer py-2 text-sm text-muted-foreground file:mr-4 file:h-8 file:cursor-pointer file:rounded-md file:border file:border-border file:bg-background file:px-3 file:text-sm file:text-foreground"
          />
        </div>
      </Field>
      {files.length > 0 ? (
        <ul ref={list} aria-label="Chosen images" className="grid grid-cols-1 gap-3 text-sm sm:grid-cols-2">
          {files.map((file, index) => {
            const url = previews[index];
            return (
              <li key={`${file.name}-${file.size}-${index}`} className="flex items-center gap-3 border border-border p-2">
                {url && !broken.has(url) ? (
                  <img
                    src={url}
                    alt={file.name}
                    width={56}
                    height={56}
                    onError={() => setBroken((known) => new Set(known).add(url))}
                    className="size-14 shrink-0 border border-border object-cover"
                  />
                ) : (
                  // A picture the browser cannot draw (HEIC in most): its name and size still say which it is.
                  <span className="flex size-14 shrink-0 items-center justify-center border border-border bg-muted">
                    <ImagePlus aria-hidden="true" className="size-5 text-gold-ink" />
                  </span>
                )}
                <span className="min-w-0 flex-1">
                  <span className="block truncate">{file.name}</span>
                  <span className="block text-muted-foreground">{formatByteSize(file.size)}</span>
                </span>
                <Button variant="quiet" size="icon" aria-label={`Remove ${file.name}`} onClick={() => remove(index)} className="shrink-0">
                  <X aria-hidden="true" className="size-4" />
                </Button>
              </li>
            );
          })}
        </ul>
      ) : null}
    </>
  );
}
