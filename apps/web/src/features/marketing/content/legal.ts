// Plain-language legal texts for /legals/*. Written for Nigerian law: the Nigeria Data Protection
// Act 2023 (NDPA) for privacy. Reviewed wording should replace these before a real launch.

export type LegalSection = { heading: string; paragraphs: string[] };
export type LegalDoc = {
  key: 'privacy' | 'terms' | 'communication';
  title: string;
  description: string;
  keywords: string[];
  updated: string;
  intro: string;
  sections: LegalSection[];
};

const CONTACT = 'Questions about this document can be sent to legal@owo.ng or through the Support page.';

export const LEGAL_DOCS: Record<LegalDoc['key'], LegalDoc> = {
  privacy: {
    key: 'privacy',
    title: 'Privacy Policy',
    description:
      'How Owo collects, uses, shares and protects personal data under the Nigeria Data Protection Act 2023.',
    keywords: ['Owo privacy policy', 'NDPA 2023', 'data protection Nigeria', 'personal data'],
    updated: '1 January 2026',
    intro:
      'This policy explains what personal data Owo collects when you or your company use our website and business payments platform, why we collect it, who we share it with and the rights you have. We process personal data in line with the Nigeria Data Protection Act 2023 (NDPA) and the regulations of the Nigeria Data Protection Commission (NDPC).',
    sections: [
      {
        heading: '1. Who we are',
        paragraphs: [
          'Owo is the data controller for personal data we collect to run our platform, such as account and login details. When your company uses Owo to pay its employees or vendors, your company decides why that data is processed and we act as its data processor.',
        ],
      },
      {
        heading: '2. What we collect',
        paragraphs: [
          'Identity and contact data: names, email addresses, phone numbers and job titles of users, directors and owners.',
          'Verification data: Bank Verification Numbers (BVN), company registration (CAC) details and incorporation documents, which we must collect to know who our customers are.',
          'Financial data: bank account numbers, wallet balances, payment instructions, invoices, payroll amounts and transaction history.',
          'Technical data: IP address, browser type, device identifiers and logs of sign-ins, used to keep accounts secure.',
        ],
      },
      {
        heading: '3. Why we use it and our lawful basis',
        paragraphs: [
          'To provide the service you signed up for (performance of a contract): opening accounts, moving money, running payroll and sending receipts.',
          'To meet legal obligations: customer due diligence, anti-money-laundering checks, tax and record-keeping duties, and requests from regulators and law-enforcement agencies.',
          'For our legitimate interests: preventing fraud, securing accounts and improving the product, always weighed against your rights.',
          'With your consent: optional marketing emails, which you can stop at any time.',
        ],
      },
      {
        heading: '4. Who we share it with',
        paragraphs: [
          'Licensed banks and payment processors that move money for you; identity-verification providers that confirm BVNs and company records; cloud hosting and email providers bound by contract to protect the data; and authorities where the law requires it.',
          'We do not sell personal data. Where data leaves Nigeria, we rely on the transfer safeguards of Part VIII of the NDPA, such as adequacy or contractual protections.',
        ],
      },
      {
        heading: '5. How long we keep it',
        paragraphs: [
          'We keep transaction and verification records for at least five years after an account closes, as financial regulations require. Other data is deleted or anonymised when it is no longer needed.',
        ],
      },
      {
        heading: '6. How we protect it',
        paragraphs: [
          'Data is encrypted in transit, passwords are stored only as salted hashes, BVNs are masked on screen and never written to logs, and staff access is limited to those who need it. If a breach is likely to put your rights at risk we will notify the NDPC within 72 hours and tell you without undue delay.',
        ],
      },
      {
        heading: '7. Your rights',
        paragraphs: [
          'Under the NDPA you may ask to access your data, correct it, have it deleted, restrict or object to its processing, receive it in a portable format, and withdraw consent. Some requests may be limited where we must keep records by law. You may also complain to the Nigeria Data Protection Commission.',
        ],
      },
      {
        heading: '8. Contact',
        paragraphs: [`Our Data Protection Officer can be reached at privacy@owo.ng. ${CONTACT}`],
      },
    ],
  },
  terms: {
    key: 'terms',
    title: 'Terms and Conditions',
    description: "The terms that govern a business's use of the Owo payments platform.",
    keywords: ['Owo terms', 'terms and conditions', 'business payments terms'],
    updated: '1 January 2026',
    intro:
      'These terms form the agreement between Owo and the business that opens an account ("you"). By creating an account or using the platform you accept them on behalf of your business; please read them carefully.',
    sections: [
      {
        heading: '1. Your account',
        paragraphs: [
          'You must be a registered business in Nigeria, and the person accepting these terms must be authorised to bind it. You must give accurate information for our know-your-business checks and keep it current. We may refuse or suspend an account we cannot verify.',
          'You are responsible for who you invite to your account and what roles you give them. Keep passwords private and enable two-factor authentication.',
        ],
      },
      {
        heading: '2. Payments',
        paragraphs: [
          "A payment is made on your instruction once every approval you configured has been given. Check the recipient's name and account before you confirm: we show the name returned by the bank, but cannot recover money sent to a correct account number you chose in error.",
          'Payouts normally arrive within 24 to 48 hours of approval. Foreign-currency payouts are limited to USD 10,000 or its equivalent per transaction under our own risk policy.',
          'Wallet balances are held with our partner banks. Owo is not a bank and wallet balances do not earn interest.',
        ],
      },
      {
        heading: '3. Fees',
        paragraphs: [
          "Fees are listed on our Pricing page and shown before you confirm each payment. We will give you at least 30 days' notice of any increase.",
        ],
      },
      {
        heading: '4. Acceptable use',
        paragraphs: [
          'You may not use Owo for anything unlawful, including money laundering, terrorism financing, fraud, gambling without a licence or paying sanctioned persons. We may hold, reverse or report transactions where the law requires or where we reasonably suspect misuse.',
        ],
      },
      {
        heading: '5. Liability',
        paragraphs: [
          'We will carry out your instructions with reasonable care and skill. We are not liable for losses caused by incorrect instructions, by your users, or by events outside our control such as bank or network outages. Nothing in these terms limits liability that cannot be limited by Nigerian law.',
        ],
      },
      {
        heading: '6. Ending the agreement',
        paragraphs: [
          "You may close your account at any time once pending payments have settled and your balances are withdrawn. We may close it with 30 days' notice, or immediately where the law requires it or the terms are seriously breached.",
        ],
      },
      {
        heading: '7. Governing law',
        paragraphs: [
          'These terms are governed by the laws of the Federal Republic of Nigeria. Disputes we cannot settle together will go to the courts of Lagos State.',
          CONTACT,
        ],
      },
    ],
  },
  communication: {
    key: 'communication',
    title: 'Communication Agreement',
    description:
      'How and why Owo contacts you by email, SMS and in-app notifications, and how to control it.',
    keywords: [
      'Owo communication agreement',
      'email notifications',
      'SMS alerts',
      'electronic communications',
    ],
    updated: '1 January 2026',
    intro:
      'Running your business payments on Owo means we need to reach you quickly and reliably. This agreement explains the messages we send, how they are delivered and which ones you can switch off.',
    sections: [
      {
        heading: '1. Consent to electronic communication',
        paragraphs: [
          'You agree to receive notices, statements, receipts and other information about your account electronically, by email, in-app notification or SMS, instead of on paper. Electronic notices have the same effect as written ones.',
        ],
      },
      {
        heading: '2. Messages you will always receive',
        paragraphs: [
          'Security messages (sign-in codes, password resets, new-device alerts), transaction confirmations and receipts, approval requests addressed to you, and legally required notices such as changes to our terms or fees. These keep your account safe and cannot be switched off while the account is open.',
        ],
      },
      {
        heading: '3. Messages you control',
        paragraphs: [
          'Product news, tips, webinars and offers are sent only if you opt in, and every such email has an unsubscribe link. You can also change notification preferences under Profile > Notifications.',
        ],
      },
      {
        heading: '4. Keeping your details current',
        paragraphs: [
          'Messages go to the email address and phone number on your profile. Keep them up to date; a message we send there counts as delivered.',
        ],
      },
      {
        heading: '5. We will never ask for your password',
        paragraphs: [
          'Owo staff will never ask for your password, one-time codes or full card details by phone, email or chat. Report any such request to security@owo.ng.',
          CONTACT,
        ],
      },
    ],
  },
};
