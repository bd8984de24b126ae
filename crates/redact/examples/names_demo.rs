//! Shows a redaction of the arguments with a fixed seed (for looking at stand-ins):
//! `cargo run -p redact --example names_demo -- "Hi Priya, ..."`.
fn main() {
    let r = redact::Redactor::new().with_seed(1);
    let mut map: Option<redact::Map> = None;
    for t in std::env::args().skip(1) {
        let t = t.replace("\\n", "\n");
        let o = redact::RedactOptions {
            map: map.clone(),
            ..Default::default()
        };
        let out = r.redact(&t, &o).expect("redacts");
        println!("{}\n  -> {}", t, out.text);
        for (k, v) in out.map.iter() {
            println!("     {k:?} <- {v:?}");
        }
        map = Some(out.map);
    }
}
