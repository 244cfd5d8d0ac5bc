import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Select } from "~/components/ui/select";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { LinkTabs } from "~/components/ui/tabs";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/panel-tabs";
import { Textarea } from "~/components/ui/textarea";
import { Thumbnail } from "~/components/ui/thumbnail";

/** The page's markup as the server sends it. */
const html = (node: ReactNode) => renderToStaticMarkup(<MemoryRouter>{node}</MemoryRouter>);

/** The opening tag of the first element matching a tag name and an attribute, as a map of its attributes. */
function element(html: string, tag: string, where?: [string, string]): Record<string, string> | undefined {
  const pattern = new RegExp(`<${tag}\\b([^>]*)>`, "g");
  for (const match of html.matchAll(pattern)) {
    const attributes: Record<string, string> = {};
    for (const attribute of (match[1] ?? "").matchAll(/([\w-:]+)(?:="([^"]*)")?/g)) {
      attributes[attribute[1] ?? ""] = attribute[2] ?? "";
    }
    if (!where || attributes[where[0]] === where[1]) return attributes;
  }
  return undefined;
}

describe("Field", () => {
  it("labels its control and ties the description to it; no error, no aria-invalid", () => {
    const out = html(
      <Field label="Email address" description="We never share it" id="email">
        <Input name="email" />
      </Field>,
    );
    expect(element(out, "label")).toMatchObject({ for: "email" });
    const input = element(out, "input");
    expect(input).toMatchObject({ id: "email", name: "email", "aria-describedby": "email-description" });
    expect(input).not.toHaveProperty("aria-invalid");
    expect(input).not.toHaveProperty("aria-errormessage");
    expect(element(out, "p", ["id", "email-description"])).toBeDefined();
    expect(out).not.toContain('role="alert"');
  });

  it("marks the control invalid and points it at the error", () => {
    const out = html(
      <Field label="Email address" description="We never share it" id="email" errors={["Invalid email address"]}>
        <Input name="email" />
      </Field>,
    );
    expect(element(out, "input")).toMatchObject({
      id: "email",
      "aria-invalid": "true",
      "aria-describedby": "email-description email-error",
      "aria-errormessage": "email-error",
    });
    expect(element(out, "p", ["id", "email-error"])).toMatchObject({ role: "alert" });
    expect(out).toContain("Invalid email address");
  });

  it("makes up an id when none is given, and wires textareas and selects the same way", () => {
    const out = html(
      <>
        <Field label="Notes" errors={["Too long"]}>
          <Textarea name="notes" />
        </Field>
        <Field label="Time">
          <Select name="time" options={[{ value: "10:00", label: "10:00 AM" }]} defaultValue="10:00" />
        </Field>
      </>,
    );
    const textarea = element(out, "textarea");
    const labels = [...out.matchAll(/<label for="([^"]+)"/g)].map((match) => match[1]);
    expect(labels).toHaveLength(2);
    expect(textarea?.id).toBe(labels[0]);
    expect(textarea?.["aria-errormessage"]).toBe(`${labels[0]}-error`);
    expect(element(out, "select")).toMatchObject({ id: labels[1], name: "time" });
    expect(out).toContain('<option value="10:00" selected="">10:00 AM</option>');
  });

  it("lets the control's own props win over the field's", () => {
    const out = html(
      <Field label="Email" id="a">
        <Input id="b" aria-describedby="hint" />
      </Field>,
    );
    expect(element(out, "input")).toMatchObject({ id: "b", "aria-describedby": "hint" });
  });
});

describe("Select", () => {
  it("is a native select, with an empty first choice when given a placeholder", () => {
    const out = html(<Select name="size" aria-label="Size" placeholder="Choose a size" options={[{ value: "4", label: "4" }]} required />);
    expect(element(out, "select")).toMatchObject({ name: "size", required: "" });
    expect(out).toContain('<option value="">Choose a size</option>');
  });
});

describe("Button", () => {
  it("is type=button unless told otherwise, so it never submits by accident", () => {
    expect(element(html(<Button>Refresh</Button>), "button")).toMatchObject({ type: "button" });
    expect(element(html(<Button type="submit">Send</Button>), "button")).toMatchObject({ type: "submit" });
  });

  it("lends its looks to a link with asChild", () => {
    const out = html(
      <Button asChild variant="outline">
        <a href="/weddings">Shop Weddings</a>
      </Button>,
    );
    expect(out).not.toContain("<button");
    const link = element(out, "a");
    expect(link?.href).toBe("/weddings");
    expect(link?.class).toContain("rounded-full");
    expect(link?.class).toContain("border-foreground/70");
  });

  it("shows a choice as chosen by its aria-pressed, one touch-target size whatever the size asked", () => {
    const chosen = element(
      html(
        <Button variant="choice" size="sm" aria-pressed>
          Formal
        </Button>,
      ),
      "button",
    );
    expect(chosen).toMatchObject({ "aria-pressed": "true" });
    expect(chosen?.class).toContain("aria-pressed:bg-primary");
    expect(chosen?.class).toContain("min-h-11");
    expect(chosen?.class).not.toContain("min-h-10");
  });
});

describe("Badge", () => {
  it("has SPEC's three looks", () => {
    const classes = (["default", "secondary", "destructive"] as const).map(
      (variant) => element(html(<Badge variant={variant}>x</Badge>), "span")?.class,
    );
    expect(new Set(classes).size).toBe(3);
    expect(classes[2]).toContain("bg-destructive");
  });
});

describe("Tabs", () => {
  it("Radix tabs render tab roles on the server, the first panel showing", () => {
    const out = html(
      <Tabs defaultValue="a">
        <TabsList aria-label="Sections">
          <TabsTrigger value="a">One</TabsTrigger>
          <TabsTrigger value="b">Two</TabsTrigger>
        </TabsList>
        <TabsContent value="a">Panel one</TabsContent>
        <TabsContent value="b">Panel two</TabsContent>
      </Tabs>,
    );
    expect(element(out, "div", ["role", "tablist"])).toMatchObject({ "aria-label": "Sections" });
    const first = element(out, "button", ["role", "tab"]);
    expect(first).toMatchObject({ "aria-selected": "true" });
    expect(element(out, "div", ["role", "tabpanel"])).toMatchObject({ "aria-labelledby": first?.id });
    expect(out).toContain("Panel one");
  });

  it("LinkTabs are links with tab roles, the selected one labelling the panel", () => {
    const out = html(
      <LinkTabs
        label="Account"
        tabs={[
          { to: "/account?tab=profile", label: "Profile", selected: false },
          { to: "/account?tab=orders", label: "Orders", selected: true },
        ]}
      >
        No orders yet
      </LinkTabs>,
    );
    expect(element(out, "div", ["role", "tablist"])).toMatchObject({ "aria-label": "Account" });
    const tabs = [...out.matchAll(/<a\b[^>]*role="tab"[^>]*>/g)].map((match) => element(match[0], "a"));
    expect(tabs.map((tab) => tab?.href)).toEqual(["/account?tab=profile", "/account?tab=orders"]);
    expect(tabs.map((tab) => tab?.["aria-selected"])).toEqual(["false", "true"]);
    // Before JavaScript every tab is reachable with the Tab key.
    expect(tabs.every((tab) => tab?.tabindex === undefined)).toBe(true);
    const panel = element(out, "div", ["role", "tabpanel"]);
    expect(panel?.["aria-labelledby"]).toBe(tabs[1]?.id);
    expect(tabs[1]?.["aria-controls"]).toBe(panel?.id);
    expect(out).toContain("No orders yet");
  });
});

describe("Table", () => {
  it("gives column headings scope=col and names its scroll region when labelled", () => {
    const out = html(
      <Table aria-label="Subscribers">
        <TableHeader>
          <TableRow>
            <TableHead>Email</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          <TableRow>
            <TableCell>a@example.com</TableCell>
          </TableRow>
        </TableBody>
      </Table>,
    );
    expect(element(out, "th")).toMatchObject({ scope: "col" });
    expect(element(out, "div", ["role", "region"])).toMatchObject({ "aria-label": "Subscribers", tabindex: "0" });
  });
});

describe("Thumbnail", () => {
  it("offers the widths its box needs at 1× to 3×, not the stored full-size picture, and loads lazily", () => {
    const img = element(
      html(<Thumbnail image={{ url: "/images/gowns/magnolia-lace-ball-gown-front.webp?v=1" }} width={72} height={96} />),
      "img",
    );
    expect(img).toMatchObject({ width: "72", height: "96", sizes: "72px", loading: "lazy", alt: "" });
    expect(img?.src).toBe("/images/gowns/magnolia-lace-ball-gown-front.webp?v=1&amp;width=160");
    expect(img?.srcSet?.split(", ").map((candidate) => candidate.split(" ")[1])).toEqual(["96w", "160w", "240w"]);
  });

  it("never offers more than the original holds, and an eager one has no loading attribute", () => {
    const img = element(
      html(<Thumbnail image={{ url: "https://cdn.example/a.jpg", width: 160 }} width={96} height={120} alt="Gown" eager />),
      "img",
    );
    expect(img?.srcSet).toBe("https://cdn.example/a.jpg?width=96 96w, https://cdn.example/a.jpg?width=160 160w");
    expect(img?.loading).toBeUndefined();
    expect(img?.alt).toBe("Gown");
  });
});
