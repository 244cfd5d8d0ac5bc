/**
 * SPEC §2 FAQ: six categories of questions, with the facts of SPEC §9. The
 * answers are plain text so the same words feed the page and its FAQPage
 * structured data.
 */
export interface FaqItem {
  question: string;
  answer: string;
}

export interface FaqCategory {
  id: string;
  title: string;
  items: FaqItem[];
}

export const FAQ_CATEGORIES: FaqCategory[] = [
  {
    id: "shipping",
    title: "Shipping & Delivery",
    items: [
      {
        question: "How long does shipping take?",
        answer:
          "Standard shipping takes 5-7 business days. If your date is close, choose express shipping at checkout and your gown arrives in 2-3 days.",
      },
      {
        question: "Do you ship outside the United States?",
        answer:
          "Not at the moment: we ship within the US only. If you are travelling for your event, we are happy to ship to a US address of your choice.",
      },
      {
        question: "How will my dress be packed?",
        answer: "Every gown is steamed, wrapped in acid-free tissue and sent in a garment box, so it arrives ready to hang.",
      },
    ],
  },
  {
    id: "returns",
    title: "Returns & Exchanges",
    items: [
      {
        question: "What is your return policy?",
        answer: "You may return a dress within 14 days of delivery, as long as it is unworn and still has its tags attached.",
      },
      {
        question: "Can I return a custom or sale dress?",
        answer:
          "Custom designs and sale items are final sale. They cannot be returned or exchanged, so we take extra care with measurements before we begin.",
      },
      {
        question: "How do I start a return?",
        answer: "Write to us with your order number and we will send a prepaid label and instructions within one business day.",
      },
    ],
  },
  {
    id: "custom-design",
    title: "Custom Design",
    items: [
      {
        question: "How long does a custom design take?",
        answer:
          "A custom design takes 4-6 weeks from the approved sketch to the finished gown. Please order at least 8 weeks before your event to leave time for fittings.",
      },
      {
        question: "What happens after I share my vision?",
        answer: "Our design team reviews every request and contacts you within 24 hours to schedule a consultation.",
      },
      {
        question: "Can you recreate a dress from a photo?",
        answer:
          "We can design a gown inspired by it, adapted to your shape, fabric choices and budget. Share your inspiration images with your request.",
      },
    ],
  },
  {
    id: "alterations",
    title: "Alterations",
    items: [
      {
        question: "How much do alterations cost?",
        answer:
          "Simple hems start at $50. Bustles, taking in a bodice or adding sleeves are quoted at your fitting, once our seamstress has seen the gown on you.",
      },
      {
        question: "Do you alter dresses bought elsewhere?",
        answer: "Yes. Bring your gown to The Fitting Room and we will tell you honestly what can be done and what it will cost.",
      },
      {
        question: "How many fittings will I need?",
        answer: "Most gowns need two or three fittings. Plan your first about six weeks before the event.",
      },
    ],
  },
  {
    id: "appointments",
    title: "Appointments",
    items: [
      {
        question: "How many guests can I bring to my appointment?",
        answer: "You are welcome to bring up to 2 guests, so there is room for you to move, twirl and see the gown properly.",
      },
      {
        question: "When is the studio open?",
        answer: "The Fitting Room is open Monday to Saturday, 10am to 6pm. Book a time online and we will have gowns in your size ready.",
      },
      {
        question: "Do I need an appointment?",
        answer:
          "Appointments are recommended so a stylist can give you their full attention, though we welcome walk-ins when a stylist is free.",
      },
    ],
  },
  {
    id: "care",
    title: "Gown Care",
    items: [
      {
        question: "When should I have my wedding dress preserved?",
        answer:
          "Within 2 weeks of the wedding. Stains from champagne, cake or grass are invisible at first and set over time, so the sooner the better.",
      },
      {
        question: "How should I store my dress before the event?",
        answer:
          "Keep it hanging in its breathable garment bag, somewhere cool and dark. Never store a gown in plastic, which traps moisture.",
      },
      {
        question: "Can I steam my gown at home?",
        answer: "Gently, from the inside and at a distance. For silk, satin or heavy beading, let us press it for you before the big day.",
      },
    ],
  },
];
