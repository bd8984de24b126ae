use crate::{Detector, Kind};

fn kinds(text: &str) -> Vec<(Kind, String)> {
    Detector::new().detect(text).iter().map(|f| (f.kind, f.slice(text).to_string())).collect()
}

#[test]
fn smoke() {
    let t = "Mail jane.doe@example.org or call +44 20 7946 0958. Visit https://acme.com/x?y=1 from 10.0.0.1:8080";
    println!("{:?}", kinds(t));
}
