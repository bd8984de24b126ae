//! Prints `crates/detect/src/phone/data.rs` (libphonenumber's metadata as Rust statics):
//! `cargo run -p redact-detect --example phone_table > crates/detect/src/phone/data.rs`.
#[path = "../src/phone/table.rs"]
mod table;

fn main() {
    print!("{}", table::generate());
}
