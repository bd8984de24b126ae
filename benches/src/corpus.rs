// The synthetic corpus (also included by `crates/redact/examples/profile.rs`).

/// Paragraphs cycled through to build a document. Each holds a few findings.
const PARAGRAPHS: &[&str] = &[
    "Hi team,\nPlease reach Jane Doe at jane.doe@northwind-example.com or +44 20 7946 0321 about the renewal. \
     Her card on file is 4111 1111 1111 1111 and the refund goes to GB82 WEST 1234 5698 7654 32.\n",
    "The quarterly report is attached. Revenue grew by twelve percent compared with last year, mostly because \
     the new onboarding flow reduced churn among small customers. We expect the trend to continue into the \
     next quarter, although seasonal effects may reduce the growth rate slightly.\n",
    "Customer record\nName: Priya Raman\nSSN: 536-22-8914\nAddress: 221B Baker Street, London NW1 6XE\n\
     Phone: (415) 867-2210\nDOB: 1984-03-12\n",
    "2026-11-02T10:15:22Z INFO request from 10.4.17.23:51234 to db-01.prod.acme-corp.internal took 23 ms \
     (user_id=88123, build 4.2.1, order 7731)\n",
    "```python\nimport os\nclient = Client(api_key=os.environ[\"API_KEY\"], timeout=30)\nresp = client.get(\"https://api.example.com/v1/users/42?expand=orders\")\nprint(resp.status_code)\n```\n",
    "Thanks for your help yesterday. The meeting moved to Thursday at 3pm in room 4.12; bring the printed \
     agenda and the notes from the design review. Version 1.2.3 of the app shipped on 12/10/2026.\n",
    "Server 2001:db8::17 answered, but 192.0.2.44 timed out. Ping ops@acme-example.io if it happens again. \
     Their routing number is 021000021 and account 123456789012.\n",
];

/// A mixed document of at least `chars` characters, cut at a char boundary.
pub fn mixed_document(chars: usize) -> String {
    let mut s = String::with_capacity(chars + 512);
    let mut i = 0;
    while s.chars().count() < chars {
        s.push_str(PARAGRAPHS[i % PARAGRAPHS.len()]);
        i += 1;
    }
    let cut = s.char_indices().nth(chars).map_or(s.len(), |(b, _)| b);
    s.truncate(cut);
    s
}

/// Plain prose with no identifying detail.
pub fn plain_prose(chars: usize) -> String {
    let mut s = String::with_capacity(chars + 512);
    while s.len() < chars {
        s.push_str(PARAGRAPHS[1]);
        s.push_str(PARAGRAPHS[5]);
    }
    s.truncate(chars);
    s
}
