import { X } from "lucide-react";
import { Dialog } from "radix-ui";
import { useState, type FormEvent } from "react";
import { findSize, SIZE_CHART, type SizeAdvice } from "../size-guide";
import { Button } from "~/components/ui/button";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/panel-tabs";

function SizeFinder() {
  const [advice, setAdvice] = useState<SizeAdvice | null>(null);
  const [error, setError] = useState<string | null>(null);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const read = (name: string) => Number.parseFloat(String(form.get(name) ?? ""));
    const values = { bust: read("bust"), waist: read("waist"), hips: read("hips") };
    if (Object.values(values).some((v) => !Number.isFinite(v) || v <= 0 || v > 99)) {
      setAdvice(null);
      setError("Enter bust, waist and hips in inches, for example 35.5.");
      return;
    }
    setError(null);
    setAdvice(findSize(values));
  };
  return (
    <form onSubmit={onSubmit} className="mt-6 rounded-2xl border border-border bg-muted/50 p-5" noValidate>
      <h3 className="font-display text-xl">Find my size</h3>
      <div className="mt-4 grid grid-cols-3 gap-3">
        {(["bust", "waist", "hips"] as const).map((name) => (
          <label key={name} className="flex flex-col gap-1 text-xs tracking-[0.12em] uppercase">
            {name} (in)
            <input
              name={name}
              type="number"
              inputMode="decimal"
              step="0.5"
              min="1"
              max="99"
              required
              className="h-11 rounded-lg border border-border bg-background px-3 text-base tracking-normal normal-case"
            />
          </label>
        ))}
      </div>
      <Button type="submit" size="sm" className="mt-4">
        Find my size
      </Button>
      <p role="status" className="mt-3 min-h-6 text-sm" data-testid="size-advice">
        {error ?? advice?.message ?? ""}
      </p>
    </form>
  );
}

/** The size guide's dialog: the chart, How to Measure, and the size finder. Loaded on first open. */
export default function SizeGuidePanel({ open, onOpenChange }: { open: boolean; onOpenChange(open: boolean): void }) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50 data-[state=open]:animate-[fade-in_.2s_ease-out]" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 max-h-[90dvh] w-[min(40rem,calc(100vw-1.5rem))] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-3xl border border-border bg-background p-6 shadow-2xl outline-none sm:p-8">
          <div className="flex items-start justify-between">
            <Dialog.Title className="font-display text-3xl">Size Guide</Dialog.Title>
            <Button asChild variant="quiet" size="icon" className="-mt-2 -mr-3">
              <Dialog.Close aria-label="Close size guide">
                <X className="size-5" aria-hidden="true" />
              </Dialog.Close>
            </Button>
          </div>
          <Dialog.Description className="mt-1 text-sm text-muted-foreground">
            Measurements in inches. Between sizes? Choose the larger: we tailor every gown.
          </Dialog.Description>
          <Tabs defaultValue="dresses" className="mt-6">
            <TabsList aria-label="Size guide">
              <TabsTrigger value="dresses">Dresses</TabsTrigger>
              <TabsTrigger value="measure">How to Measure</TabsTrigger>
            </TabsList>
            <TabsContent value="dresses">
              <Table aria-label="Dresses, in inches">
                <TableHeader>
                  <TableRow>
                    {["Size", "US", "Bust", "Waist", "Hips"].map((h) => (
                      <TableHead key={h}>{h}</TableHead>
                    ))}
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {SIZE_CHART.map((row) => (
                    <TableRow key={row.size}>
                      <TableHead scope="row">{row.size}</TableHead>
                      <TableCell>{row.us}</TableCell>
                      <TableCell>{row.bust.join("-")}</TableCell>
                      <TableCell>{row.waist.join("-")}</TableCell>
                      <TableCell>{row.hips.join("-")}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
              <SizeFinder />
            </TabsContent>
            <TabsContent value="measure">
              <ol className="flex flex-col gap-4 text-sm leading-relaxed">
                <li>
                  <strong className="font-medium">Bust:</strong> measure around the fullest part of your bust, keeping the tape level under
                  your arms.
                </li>
                <li>
                  <strong className="font-medium">Waist:</strong> measure around your natural waistline, the narrowest part of your torso,
                  usually an inch above the navel.
                </li>
                <li>
                  <strong className="font-medium">Hips:</strong> standing with feet together, measure around the fullest part of your hips.
                </li>
                <li className="text-muted-foreground">
                  Wear the undergarments you plan to wear with your gown, and keep the tape snug but not tight.
                </li>
              </ol>
            </TabsContent>
          </Tabs>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
