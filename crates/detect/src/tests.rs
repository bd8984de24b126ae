mod basic;
