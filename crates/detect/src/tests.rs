mod basic;
mod documents;
