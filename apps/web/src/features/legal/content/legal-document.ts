/** Who a legal document speaks for: the issuer's bank and the companies that run the programme. */
export interface LegalContext {
  /** The bank as a noun phrase: "NatWest", or "your bank" for the default channel. */
  bank: string;
  /** The bank's name before a noun ("NatWest "), or nothing for the default channel. */
  bankPrefix: string;
  provider: string;
  insurer: string;
}

export interface LegalSection {
  /** Anchor of the section, unique within its document. */
  id: string;
  heading: string;
  paragraphs: readonly string[];
  list?: readonly string[];
}

export interface LegalDocumentContent {
  title: string;
  /** ISO date the text last changed. */
  updated: string;
  intro: readonly string[];
  sections: readonly LegalSection[];
}

export type LegalDocumentSource = (context: LegalContext) => LegalDocumentContent;
