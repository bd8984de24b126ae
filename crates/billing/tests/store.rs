//! The behavioural suite: every behaviour is written once, as an `async fn` taking a store,
//! and run against an in-memory SQLite store, a SQLite file and PostgreSQL (a fresh schema of
//! the database at `REDACT_TEST_DATABASE_URL`, by default
//! `postgres://postgres@127.0.0.1:5432/test`).

#[macro_use]
mod common;

use std::sync::Arc;

use common::account_with_key;
use redact_billing::{
    KEY_MARKER, KEY_PREFIX_LEN, KeyHash, KeyState, MAX_KEYS_PER_ACCOUNT, MeterPolicy, Month,
    Refusal, Store, StoreError,
};

const M: Month = Month(202611);
const NEXT: Month = Month(202612);
/// Three requests included, then 0.001 USD each.
const SMALL: MeterPolicy = MeterPolicy {
    included: 3,
    price: 1000,
};
/// Every request charged.
const PAID: MeterPolicy = MeterPolicy {
    included: 0,
    price: 1000,
};
const FAR: i64 = 4_000_000_000;

on_every_store!(
    keys_are_made_parsed_and_listed,
    twenty_keys_at_most_revoked_included,
    revoked_keys_never_work_again,
    api_access_off_and_on_again,
    allowance_boundary_then_balance,
    top_up_then_charged,
    key_limit_exactly_reached,
    refund_undoes_a_meter,
    month_rollover_resets_counts,
    a_clock_behind_counts_in_the_newer_month,
    hold_and_settle_capped,
    release_and_sweep,
    holds_reduce_remaining_and_block_charges,
    accounts_by_id_and_name,
    bad_arguments_are_refused,
    default_account_once,
    concurrent_meters_are_exact,
    concurrent_meters_across_the_allowance_boundary,
    a_mixed_burst_is_counted_exactly,
    concurrent_holds_are_exact,
    settle_and_release_race_charges_once,
    concurrent_default_account_is_single,
    absurd_inputs_do_not_panic,
);

async fn keys_are_made_parsed_and_listed(store: Arc<dyn Store>) {
    store.ping().await.unwrap();
    let (account, key, hash) = account_with_key(&store, 0, Some(5000)).await;
    let raw = key.key.expose();
    assert!(raw.starts_with(KEY_MARKER));
    assert_eq!(raw.len(), KEY_MARKER.len() + 40);
    assert_eq!(key.prefix, raw[..KEY_PREFIX_LEN]);
    assert!(key.id.starts_with("key_"));
    assert!(account.id.starts_with("acct_"));

    let caller = store.authenticate(&hash).await.unwrap().expect("known key");
    assert_eq!(caller.account_id, account.id);
    assert_eq!(caller.key_id, key.id);
    assert_eq!(caller.plan, "free");
    assert!(caller.api_access);

    let keys = store.keys(&account.id, M).await.unwrap();
    assert_eq!(keys.len(), 1);
    assert_eq!(keys[0].id, key.id);
    assert_eq!(keys[0].prefix, key.prefix);
    assert_eq!(keys[0].monthly_limit, Some(5000));
    assert_eq!(keys[0].state, KeyState::Active);
    assert_eq!(keys[0].spent_this_month, 0);

    let second = store.create_key(&account.id, None).await.unwrap();
    let keys = store.keys(&account.id, M).await.unwrap();
    assert_eq!(
        keys.iter().map(|k| k.id.as_str()).collect::<Vec<_>>(),
        [key.id.as_str(), second.id.as_str()],
        "oldest first"
    );
    let account = store.account(&account.id, M).await.unwrap().unwrap();
    assert_eq!(account.keys, 2);

    // A well-formed key nobody made.
    let stranger = KeyHash::parse("rk_0123456789abcdefghijABCDEFGHIJ0123456789").unwrap();
    assert_eq!(store.authenticate(&stranger).await.unwrap(), None);
    assert_eq!(store.usage(&stranger, M).await.unwrap(), None);
    assert_eq!(
        store.meter(&stranger, M, &SMALL, true).await.unwrap(),
        Err(Refusal::InvalidKey)
    );
    assert_eq!(
        store.hold(&stranger, M, 1, FAR).await.unwrap(),
        Err(Refusal::InvalidKey)
    );
    assert!(matches!(
        store.keys("acct_nobody", M).await,
        Err(StoreError::NotFound("account"))
    ));
}

async fn twenty_keys_at_most_revoked_included(store: Arc<dyn Store>) {
    let (account, first, _) = account_with_key(&store, 0, None).await;
    store.revoke_key(&first.id).await.unwrap();
    for _ in 1..MAX_KEYS_PER_ACCOUNT {
        store.create_key(&account.id, None).await.unwrap();
    }
    assert!(matches!(
        store.create_key(&account.id, None).await,
        Err(StoreError::TooManyKeys)
    ));
    let keys = store.keys(&account.id, M).await.unwrap();
    assert_eq!(keys.len(), MAX_KEYS_PER_ACCOUNT);
    assert_eq!(keys[0].state, KeyState::Revoked);
    assert_eq!(
        store.account(&account.id, M).await.unwrap().unwrap().keys,
        MAX_KEYS_PER_ACCOUNT
    );
    assert!(matches!(
        store.create_key("acct_nobody", None).await,
        Err(StoreError::NotFound("account"))
    ));
    // Another account is not affected.
    account_with_key(&store, 0, None).await;
}

async fn revoked_keys_never_work_again(store: Arc<dyn Store>) {
    let (account, key, hash) = account_with_key(&store, 10_000, None).await;
    let other = store.create_key(&account.id, None).await.unwrap();
    let other_hash = KeyHash::parse(other.key.expose()).unwrap();
    assert!(store.meter(&hash, M, &SMALL, true).await.unwrap().is_ok());

    store.revoke_key(&key.id).await.unwrap();
    assert_eq!(store.authenticate(&hash).await.unwrap(), None);
    assert_eq!(store.usage(&hash, M).await.unwrap(), None);
    assert_eq!(
        store.meter(&hash, M, &SMALL, true).await.unwrap(),
        Err(Refusal::InvalidKey)
    );
    assert_eq!(
        store.meter(&hash, M, &SMALL, false).await.unwrap(),
        Err(Refusal::InvalidKey)
    );
    assert_eq!(
        store.hold(&hash, M, 10, FAR).await.unwrap(),
        Err(Refusal::InvalidKey)
    );
    // Revoking again is harmless; it stays revoked for good.
    store.revoke_key(&key.id).await.unwrap();
    store.set_api_access(&account.id, false).await.unwrap();
    store.set_api_access(&account.id, true).await.unwrap();
    assert_eq!(store.authenticate(&hash).await.unwrap(), None);
    let keys = store.keys(&account.id, M).await.unwrap();
    assert_eq!(keys[0].state, KeyState::Revoked);
    assert_eq!(keys[1].state, KeyState::Active);

    // The account's other key still works.
    assert!(
        store
            .meter(&other_hash, M, &SMALL, true)
            .await
            .unwrap()
            .is_ok()
    );
    let usage = store.usage(&other_hash, M).await.unwrap().unwrap();
    assert_eq!(
        usage.requests_this_month, 2,
        "the refused request counted nothing"
    );

    assert!(matches!(
        store.revoke_key("key_nobody").await,
        Err(StoreError::NotFound("key"))
    ));
}

async fn api_access_off_and_on_again(store: Arc<dyn Store>) {
    let (account, _key, hash) = account_with_key(&store, 0, None).await;
    assert!(store.meter(&hash, M, &SMALL, true).await.unwrap().is_ok());

    store.set_api_access(&account.id, false).await.unwrap();
    let caller = store.authenticate(&hash).await.unwrap().unwrap();
    assert!(!caller.api_access);
    assert_eq!(
        store.meter(&hash, M, &SMALL, true).await.unwrap(),
        Err(Refusal::ApiAccessRequired)
    );
    // Requests that need no API access still go through, and so do holds.
    let receipt = store.meter(&hash, M, &SMALL, false).await.unwrap().unwrap();
    assert!(!receipt.caller.api_access);
    let hold = store.hold(&hash, M, 0, FAR).await.unwrap().unwrap();
    store.release(&hold.id).await.unwrap();
    let account_now = store.account(&account.id, M).await.unwrap().unwrap();
    assert!(!account_now.api_access);
    assert_eq!(account_now.requests_this_month, 2);

    store.set_api_access(&account.id, true).await.unwrap();
    let receipt = store.meter(&hash, M, &SMALL, true).await.unwrap().unwrap();
    assert!(receipt.caller.api_access);
    assert!(store.authenticate(&hash).await.unwrap().unwrap().api_access);

    assert!(matches!(
        store.set_api_access("acct_nobody", true).await,
        Err(StoreError::NotFound("account"))
    ));
}

async fn allowance_boundary_then_balance(store: Arc<dyn Store>) {
    let (account, key, hash) = account_with_key(&store, 0, None).await;
    for n in 1..=3 {
        let receipt = store.meter(&hash, M, &SMALL, true).await.unwrap().unwrap();
        assert_eq!(receipt.charged, 0, "request {n} is included");
        assert_eq!(receipt.month, M);
        assert_eq!(receipt.caller.key_id, key.id);
    }
    for _ in 0..2 {
        assert_eq!(
            store.meter(&hash, M, &SMALL, true).await.unwrap(),
            Err(Refusal::InsufficientBalance)
        );
    }
    let usage = store.usage(&hash, M).await.unwrap().unwrap();
    assert_eq!(usage.requests_this_month, 3);
    assert_eq!(usage.balance, 0);
    assert_eq!(usage.spent, 0);
    assert_eq!(usage.remaining, 0);
    assert_eq!(usage.plan, "free");
    let account = store.account(&account.id, M).await.unwrap().unwrap();
    assert_eq!(account.requests_this_month, 3);
    assert_eq!(account.balance, 0);
}

async fn top_up_then_charged(store: Arc<dyn Store>) {
    let (account, key, hash) = account_with_key(&store, 0, None).await;
    for _ in 0..3 {
        store.meter(&hash, M, &SMALL, true).await.unwrap().unwrap();
    }
    assert_eq!(store.top_up(&account.id, 2500).await.unwrap(), 2500);
    assert_eq!(store.top_up(&account.id, 0).await.unwrap(), 2500);
    for _ in 0..2 {
        let receipt = store.meter(&hash, M, &SMALL, true).await.unwrap().unwrap();
        assert_eq!(receipt.charged, 1000);
    }
    assert_eq!(
        store.meter(&hash, M, &SMALL, true).await.unwrap(),
        Err(Refusal::InsufficientBalance)
    );
    let usage = store.usage(&hash, M).await.unwrap().unwrap();
    assert_eq!(usage.balance, 500);
    assert_eq!(usage.remaining, 500);
    assert_eq!(usage.spent, 2000);
    assert_eq!(usage.requests_this_month, 5);
    let account_now = store.account(&account.name, M).await.unwrap().unwrap();
    assert_eq!(account_now.spent_this_month, 2000);
    assert_eq!(account_now.balance, 500);
    let keys = store.keys(&account.id, M).await.unwrap();
    assert_eq!(keys[0].id, key.id);
    assert_eq!(keys[0].spent_this_month, 2000);
    assert!(matches!(
        store.top_up("acct_nobody", 1).await,
        Err(StoreError::NotFound("account"))
    ));
}

async fn key_limit_exactly_reached(store: Arc<dyn Store>) {
    let (account, key, hash) = account_with_key(&store, 1_000_000, Some(3000)).await;
    for _ in 0..3 {
        assert_eq!(
            store
                .meter(&hash, M, &PAID, true)
                .await
                .unwrap()
                .unwrap()
                .charged,
            1000
        );
    }
    assert_eq!(
        store.meter(&hash, M, &PAID, true).await.unwrap(),
        Err(Refusal::KeySpendingLimitReached)
    );
    // Requests inside the allowance cost nothing, so no limit applies to them.
    let fresh = store
        .create_account(&redact_billing::generate_id("lim_"), "free", true, 0)
        .await
        .unwrap();
    let zero = store.create_key(&fresh.id, Some(0)).await.unwrap();
    let zero_hash = KeyHash::parse(zero.key.expose()).unwrap();
    assert!(
        store
            .meter(&zero_hash, M, &SMALL, true)
            .await
            .unwrap()
            .is_ok()
    );
    // A hold that would pass the limit is refused too; one of 0 still fits.
    assert_eq!(
        store.hold(&hash, M, 1, FAR).await.unwrap(),
        Err(Refusal::KeySpendingLimitReached)
    );
    let hold = store.hold(&hash, M, 0, FAR).await.unwrap().unwrap();
    store.release(&hold.id).await.unwrap();
    // Another key of the account without a limit still spends.
    let other = store.create_key(&account.id, None).await.unwrap();
    let other_hash = KeyHash::parse(other.key.expose()).unwrap();
    assert!(
        store
            .meter(&other_hash, M, &PAID, true)
            .await
            .unwrap()
            .is_ok()
    );
    let keys = store.keys(&account.id, M).await.unwrap();
    assert_eq!(keys[0].id, key.id);
    assert_eq!(keys[0].spent_this_month, 3000);
    assert_eq!(keys[1].spent_this_month, 1000);
    // A new month starts the key's spending afresh.
    assert!(store.meter(&hash, NEXT, &PAID, true).await.unwrap().is_ok());
    let usage = store.usage(&hash, NEXT).await.unwrap().unwrap();
    assert_eq!(usage.balance, 1_000_000 - 5000);
}

async fn refund_undoes_a_meter(store: Arc<dyn Store>) {
    let (account, _key, hash) = account_with_key(&store, 5000, Some(10_000)).await;
    let free = store.meter(&hash, M, &SMALL, true).await.unwrap().unwrap();
    store.refund(&free).await.unwrap();
    let usage = store.usage(&hash, M).await.unwrap().unwrap();
    assert_eq!(usage.requests_this_month, 0);
    assert_eq!(usage.balance, 5000);

    for _ in 0..3 {
        store.meter(&hash, M, &SMALL, true).await.unwrap().unwrap();
    }
    let paid = store.meter(&hash, M, &SMALL, true).await.unwrap().unwrap();
    assert_eq!(paid.charged, 1000);
    let usage = store.usage(&hash, M).await.unwrap().unwrap();
    assert_eq!(
        (usage.balance, usage.spent, usage.requests_this_month),
        (4000, 1000, 4)
    );
    store.refund(&paid).await.unwrap();
    let usage = store.usage(&hash, M).await.unwrap().unwrap();
    assert_eq!(
        (usage.balance, usage.spent, usage.requests_this_month),
        (5000, 0, 3)
    );
    assert_eq!(
        store.keys(&account.id, M).await.unwrap()[0].spent_this_month,
        0
    );

    // A refund after the month turned gives the money back but leaves the new month alone.
    let late = store.meter(&hash, M, &SMALL, true).await.unwrap().unwrap();
    assert_eq!(late.charged, 1000);
    store
        .meter(&hash, NEXT, &SMALL, true)
        .await
        .unwrap()
        .unwrap();
    store.refund(&late).await.unwrap();
    let usage = store.usage(&hash, NEXT).await.unwrap().unwrap();
    assert_eq!(
        (usage.balance, usage.spent, usage.requests_this_month),
        (5000, 0, 1)
    );

    // Counts never go below zero.
    let (_, _, fresh) = account_with_key(&store, 0, None).await;
    let receipt = store.meter(&fresh, M, &SMALL, true).await.unwrap().unwrap();
    store.refund(&receipt).await.unwrap();
    store.refund(&receipt).await.unwrap();
    assert_eq!(
        store
            .usage(&fresh, M)
            .await
            .unwrap()
            .unwrap()
            .requests_this_month,
        0
    );
}

async fn a_clock_behind_counts_in_the_newer_month(store: Arc<dyn Store>) {
    let (_account, _key, hash) = account_with_key(&store, 10_000, None).await;
    for _ in 0..3 {
        store
            .meter(&hash, NEXT, &SMALL, true)
            .await
            .unwrap()
            .unwrap();
    }
    // Another instance, its clock still in the old month, meters and settles: the new month's
    // figures go on instead of being reset.
    let r = store.meter(&hash, M, &SMALL, true).await.unwrap().unwrap();
    assert_eq!(r.charged, 1000, "past the new month's allowance");
    let hold = store.hold(&hash, M, 500, FAR).await.unwrap().unwrap();
    assert_eq!(store.settle(&hold.id, M, 200).await.unwrap(), 200);
    let usage = store.usage(&hash, NEXT).await.unwrap().unwrap();
    assert_eq!(
        (usage.requests_this_month, usage.spent, usage.balance),
        (4, 1200, 8800)
    );
    // Read with the clock behind, the figures are the newer month's too.
    let behind = store.usage(&hash, M).await.unwrap().unwrap();
    assert_eq!(behind.requests_this_month, 4);
}

async fn month_rollover_resets_counts(store: Arc<dyn Store>) {
    let (account, _key, hash) = account_with_key(&store, 10_000, None).await;
    for _ in 0..4 {
        store.meter(&hash, M, &SMALL, true).await.unwrap().unwrap();
    }
    let before = store.account(&account.id, M).await.unwrap().unwrap();
    assert_eq!(
        (before.requests_this_month, before.spent_this_month),
        (4, 1000)
    );
    // Read as of the next month, before anything is written in it.
    let ahead = store.account(&account.id, NEXT).await.unwrap().unwrap();
    assert_eq!((ahead.requests_this_month, ahead.spent_this_month), (0, 0));
    assert_eq!(ahead.balance, 9000);
    assert_eq!(
        store.keys(&account.id, NEXT).await.unwrap()[0].spent_this_month,
        0
    );

    let receipt = store
        .meter(&hash, NEXT, &SMALL, true)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(receipt.charged, 0, "a new month's allowance");
    assert_eq!(receipt.month, NEXT);
    let usage = store.usage(&hash, NEXT).await.unwrap().unwrap();
    assert_eq!(
        (usage.requests_this_month, usage.spent, usage.balance),
        (1, 0, 9000)
    );
    for _ in 0..2 {
        store
            .meter(&hash, NEXT, &SMALL, true)
            .await
            .unwrap()
            .unwrap();
    }
    assert_eq!(
        store
            .meter(&hash, NEXT, &SMALL, true)
            .await
            .unwrap()
            .unwrap()
            .charged,
        1000
    );
    let usage = store.usage(&hash, NEXT).await.unwrap().unwrap();
    assert_eq!(
        (usage.requests_this_month, usage.spent, usage.balance),
        (4, 1000, 8000)
    );
    assert_eq!(
        store.keys(&account.id, NEXT).await.unwrap()[0].spent_this_month,
        1000
    );

    // A settle in a new month resets the month's figures as well.
    let hold = store.hold(&hash, NEXT, 500, FAR).await.unwrap().unwrap();
    let later = Month(202701);
    assert_eq!(store.settle(&hold.id, later, 300).await.unwrap(), 300);
    let usage = store.usage(&hash, later).await.unwrap().unwrap();
    assert_eq!(
        (usage.requests_this_month, usage.spent, usage.balance),
        (0, 300, 7700)
    );
    assert_eq!(
        store.keys(&account.id, later).await.unwrap()[0].spent_this_month,
        300
    );
}

async fn hold_and_settle_capped(store: Arc<dyn Store>) {
    let (account, key, hash) = account_with_key(&store, 10_000, None).await;
    let hold = store.hold(&hash, M, 4000, FAR).await.unwrap().unwrap();
    assert!(hold.id.starts_with("hold_"));
    assert_eq!(hold.amount, 4000);
    assert_eq!(hold.caller.key_id, key.id);
    assert_eq!(hold.caller.account_id, account.id);
    let usage = store.usage(&hash, M).await.unwrap().unwrap();
    assert_eq!((usage.balance, usage.remaining), (10_000, 6000));
    assert_eq!(
        store.account(&account.id, M).await.unwrap().unwrap().held,
        4000
    );

    // Below the amount held.
    assert_eq!(store.settle(&hold.id, M, 2500).await.unwrap(), 2500);
    let account_now = store.account(&account.id, M).await.unwrap().unwrap();
    assert_eq!(
        (
            account_now.balance,
            account_now.held,
            account_now.spent_this_month
        ),
        (7500, 0, 2500)
    );
    assert_eq!(
        store.keys(&account.id, M).await.unwrap()[0].spent_this_month,
        2500
    );
    // Gone: settling again charges nothing.
    assert_eq!(store.settle(&hold.id, M, 2500).await.unwrap(), 0);
    assert_eq!(store.settle("hold_nobody", M, 2500).await.unwrap(), 0);

    // Equal to it.
    let hold = store.hold(&hash, M, 1000, FAR).await.unwrap().unwrap();
    assert_eq!(store.settle(&hold.id, M, 1000).await.unwrap(), 1000);
    // Above it: capped.
    let hold = store.hold(&hash, M, 1000, FAR).await.unwrap().unwrap();
    assert_eq!(store.settle(&hold.id, M, 5000).await.unwrap(), 1000);
    // Negative: nothing.
    let hold = store.hold(&hash, M, 1000, FAR).await.unwrap().unwrap();
    assert_eq!(store.settle(&hold.id, M, -5).await.unwrap(), 0);

    let usage = store.usage(&hash, M).await.unwrap().unwrap();
    assert_eq!(
        (usage.balance, usage.remaining, usage.spent),
        (5500, 5500, 4500)
    );
    assert_eq!(usage.requests_this_month, 0, "holds count no requests");
    assert_eq!(
        store.keys(&account.id, M).await.unwrap()[0].spent_this_month,
        4500
    );
}

async fn release_and_sweep(store: Arc<dyn Store>) {
    let (account, _key, hash) = account_with_key(&store, 10_000, None).await;
    let a = store.hold(&hash, M, 1000, 100).await.unwrap().unwrap();
    let b = store.hold(&hash, M, 2000, 200).await.unwrap().unwrap();
    let c = store.hold(&hash, M, 3000, 300).await.unwrap().unwrap();
    assert_eq!(
        store.account(&account.id, M).await.unwrap().unwrap().held,
        6000
    );

    store.release(&a.id).await.unwrap();
    store.release(&a.id).await.unwrap();
    store.release("hold_nobody").await.unwrap();
    assert_eq!(
        store.usage(&hash, M).await.unwrap().unwrap().remaining,
        5000
    );

    assert_eq!(
        store.sweep_expired(200).await.unwrap(),
        0,
        "200 is not before 200"
    );
    assert_eq!(store.sweep_expired(250).await.unwrap(), 1);
    assert_eq!(store.sweep_expired(250).await.unwrap(), 0);
    assert_eq!(store.settle(&b.id, M, 2000).await.unwrap(), 0, "swept");
    let usage = store.usage(&hash, M).await.unwrap().unwrap();
    assert_eq!(
        (usage.balance, usage.remaining, usage.spent),
        (10_000, 7000, 0)
    );

    assert_eq!(store.settle(&c.id, M, 100).await.unwrap(), 100);
    assert_eq!(store.sweep_expired(FAR).await.unwrap(), 0);
    let account = store.account(&account.id, M).await.unwrap().unwrap();
    assert_eq!((account.balance, account.held), (9900, 0));
}

async fn holds_reduce_remaining_and_block_charges(store: Arc<dyn Store>) {
    let (account, _key, hash) = account_with_key(&store, 3000, None).await;
    let big = store.hold(&hash, M, 2500, FAR).await.unwrap().unwrap();
    assert_eq!(store.usage(&hash, M).await.unwrap().unwrap().remaining, 500);
    assert_eq!(
        store.meter(&hash, M, &PAID, true).await.unwrap(),
        Err(Refusal::InsufficientBalance)
    );
    // Free requests are not blocked by holds.
    assert!(store.meter(&hash, M, &SMALL, true).await.unwrap().is_ok());
    assert_eq!(
        store.hold(&hash, M, 600, FAR).await.unwrap(),
        Err(Refusal::InsufficientBalance)
    );
    let small = store.hold(&hash, M, 500, FAR).await.unwrap().unwrap();
    assert_eq!(store.usage(&hash, M).await.unwrap().unwrap().remaining, 0);
    assert_eq!(
        store.hold(&hash, M, 1, FAR).await.unwrap(),
        Err(Refusal::InsufficientBalance)
    );
    store.release(&big.id).await.unwrap();
    assert_eq!(
        store
            .meter(&hash, M, &PAID, true)
            .await
            .unwrap()
            .unwrap()
            .charged,
        1000
    );
    store.release(&small.id).await.unwrap();
    let usage = store.usage(&hash, M).await.unwrap().unwrap();
    assert_eq!((usage.balance, usage.remaining), (2000, 2000));

    // A key's holds count against its limit.
    let limited = store.create_key(&account.id, Some(2000)).await.unwrap();
    let limited_hash = KeyHash::parse(limited.key.expose()).unwrap();
    let hold = store
        .hold(&limited_hash, M, 1500, FAR)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(
        store.meter(&limited_hash, M, &PAID, true).await.unwrap(),
        Err(Refusal::KeySpendingLimitReached)
    );
    assert_eq!(
        store.hold(&limited_hash, M, 501, FAR).await.unwrap(),
        Err(Refusal::KeySpendingLimitReached)
    );
    store.release(&hold.id).await.unwrap();
    assert!(
        store
            .meter(&limited_hash, M, &PAID, true)
            .await
            .unwrap()
            .is_ok()
    );

    // No balance at all.
    let (_, _, poor) = account_with_key(&store, 0, None).await;
    assert_eq!(
        store.hold(&poor, M, 1, FAR).await.unwrap(),
        Err(Refusal::InsufficientBalance)
    );
    let nothing = store.hold(&poor, M, 0, FAR).await.unwrap().unwrap();
    assert_eq!(store.settle(&nothing.id, M, 10).await.unwrap(), 0);
}

async fn accounts_by_id_and_name(store: Arc<dyn Store>) {
    let name = redact_billing::generate_id("Acme Ltd ");
    let account = store
        .create_account(&name, "pro", false, 1234)
        .await
        .unwrap();
    assert_eq!(account.name, name);
    assert_eq!(account.plan, "pro");
    assert!(!account.api_access);
    assert_eq!(account.balance, 1234);
    assert_eq!(
        (account.held, account.keys, account.requests_this_month),
        (0, 0, 0)
    );

    let by_id = store.account(&account.id, M).await.unwrap().unwrap();
    assert_eq!(by_id, account);
    assert_eq!(store.account(&name, M).await.unwrap().unwrap(), account);
    assert_eq!(store.account("no such account", M).await.unwrap(), None);
    assert_eq!(store.account("", M).await.unwrap(), None);

    // An account named like another's id: the id wins.
    let shadow = store
        .create_account(&account.id, "free", true, 0)
        .await
        .unwrap();
    assert_eq!(
        store.account(&account.id, M).await.unwrap().unwrap().id,
        account.id
    );
    assert_eq!(
        store.account(&shadow.id, M).await.unwrap().unwrap().name,
        account.id
    );

    assert!(matches!(
        store.create_account(&name, "free", true, 0).await,
        Err(StoreError::NameTaken(n)) if n == name
    ));

    store.set_plan(&account.id, "ultra").await.unwrap();
    let key = store.create_key(&account.id, None).await.unwrap();
    let hash = KeyHash::parse(key.key.expose()).unwrap();
    assert_eq!(store.usage(&hash, M).await.unwrap().unwrap().plan, "ultra");
    assert_eq!(
        store.authenticate(&hash).await.unwrap().unwrap().plan,
        "ultra"
    );
    assert!(matches!(
        store.set_plan("acct_nobody", "pro").await,
        Err(StoreError::NotFound("account"))
    ));
}

async fn bad_arguments_are_refused(store: Arc<dyn Store>) {
    let (account, _key, hash) = account_with_key(&store, 100, None).await;
    let invalid = |r: Result<_, StoreError>| matches!(r, Err(StoreError::Invalid(_)));
    assert!(invalid(
        store
            .create_account("negative", "free", true, -1)
            .await
            .map(drop)
    ));
    assert!(invalid(
        store.create_account("", "free", true, 0).await.map(drop)
    ));
    assert!(invalid(store.top_up(&account.id, -1).await.map(drop)));
    assert!(invalid(
        store.create_key(&account.id, Some(-1)).await.map(drop)
    ));
    assert!(invalid(store.hold(&hash, M, -1, FAR).await.map(drop)));
    assert!(invalid(
        store
            .meter(
                &hash,
                M,
                &MeterPolicy {
                    included: 0,
                    price: -5
                },
                true
            )
            .await
            .map(drop)
    ));
    assert!(invalid(store.set_plan(&account.id, " ").await.map(drop)));
    // Nothing changed.
    let account = store.account(&account.id, M).await.unwrap().unwrap();
    assert_eq!((account.balance, account.keys, account.held), (100, 1, 0));
    assert!(matches!(
        redact_billing::open("mysql://localhost/x").await,
        Err(StoreError::Invalid(_))
    ));
    assert!(matches!(
        redact_billing::open("sqlite:").await,
        Err(StoreError::Invalid(_))
    ));
}

async fn default_account_once(store: Arc<dyn Store>) {
    let key = store
        .ensure_default_account()
        .await
        .unwrap()
        .expect("an empty store gets a default account");
    let hash = KeyHash::parse(key.key.expose()).unwrap();
    let caller = store.authenticate(&hash).await.unwrap().unwrap();
    assert_eq!(caller.plan, "free");
    assert!(caller.api_access);
    assert!(
        store
            .meter(&hash, M, &MeterPolicy::default(), true)
            .await
            .unwrap()
            .is_ok()
    );
    let account = store.account("default", M).await.unwrap().unwrap();
    assert_eq!(account.id, caller.account_id);
    assert_eq!((account.balance, account.keys), (0, 1));
    assert!(store.ensure_default_account().await.unwrap().is_none());
}

/// Free requests up to the allowance and paid ones after it, all at once: the free and the
/// paid path of a store must agree on where the boundary is.
async fn concurrent_meters_across_the_allowance_boundary(store: Arc<dyn Store>) {
    let (account, _key, hash) = account_with_key(&store, 37_000, None).await;
    let policy = MeterPolicy {
        included: 50,
        price: 1000,
    };
    let tasks: Vec<_> = (0..200)
        .map(|_| {
            let store = store.clone();
            tokio::spawn(async move { store.meter(&hash, M, &policy, true).await.unwrap() })
        })
        .collect();
    let (mut free, mut paid) = (0, 0);
    for task in tasks {
        match task.await.unwrap() {
            Ok(r) if r.charged == 0 => free += 1,
            Ok(r) => {
                assert_eq!(r.charged, 1000);
                paid += 1
            }
            Err(refusal) => assert_eq!(refusal, Refusal::InsufficientBalance),
        }
    }
    assert_eq!((free, paid), (50, 37));
    let account = store.account(&account.id, M).await.unwrap().unwrap();
    assert_eq!(
        (
            account.balance,
            account.requests_this_month,
            account.spent_this_month
        ),
        (0, 87, 37_000)
    );
}

async fn concurrent_meters_are_exact(store: Arc<dyn Store>) {
    let (account, _key, hash) = account_with_key(&store, 37_000, None).await;
    let mut tasks = Vec::new();
    for _ in 0..200 {
        let store = store.clone();
        tasks.push(tokio::spawn(async move {
            store.meter(&hash, M, &PAID, true).await.unwrap()
        }));
    }
    let mut ok = 0;
    for task in tasks {
        match task.await.unwrap() {
            Ok(receipt) => {
                assert_eq!(receipt.charged, 1000);
                ok += 1;
            }
            Err(refusal) => assert_eq!(refusal, Refusal::InsufficientBalance),
        }
    }
    assert_eq!(ok, 37);
    let account = store.account(&account.id, M).await.unwrap().unwrap();
    assert_eq!(
        (
            account.balance,
            account.requests_this_month,
            account.spent_this_month
        ),
        (0, 37, 37_000)
    );
    assert_eq!(
        store.keys(&account.id, M).await.unwrap()[0].spent_this_month,
        37_000
    );

    // Free requests concurrently: every one counted.
    let (account, _key, hash) = account_with_key(&store, 0, None).await;
    let policy = MeterPolicy {
        included: 1_000,
        price: 1000,
    };
    let tasks: Vec<_> = (0..150)
        .map(|_| {
            let store = store.clone();
            tokio::spawn(async move { store.meter(&hash, M, &policy, true).await.unwrap() })
        })
        .collect();
    for task in tasks {
        assert_eq!(task.await.unwrap().unwrap().charged, 0);
    }
    let account = store.account(&account.id, M).await.unwrap().unwrap();
    assert_eq!(account.requests_this_month, 150);
}

async fn concurrent_holds_are_exact(store: Arc<dyn Store>) {
    let (account, _key, hash) = account_with_key(&store, 3000, None).await;
    let tasks: Vec<_> = (0..20)
        .map(|_| {
            let store = store.clone();
            tokio::spawn(async move { store.hold(&hash, M, 1000, FAR).await.unwrap() })
        })
        .collect();
    let mut holds = Vec::new();
    for task in tasks {
        match task.await.unwrap() {
            Ok(hold) => holds.push(hold),
            Err(refusal) => assert_eq!(refusal, Refusal::InsufficientBalance),
        }
    }
    assert_eq!(holds.len(), 3);
    let account_now = store.account(&account.id, M).await.unwrap().unwrap();
    assert_eq!((account_now.balance, account_now.held), (3000, 3000));
    // Settling them all concurrently charges each once.
    let tasks: Vec<_> = holds
        .into_iter()
        .map(|hold| {
            let store = store.clone();
            tokio::spawn(async move { store.settle(&hold.id, M, 1000).await.unwrap() })
        })
        .collect();
    for task in tasks {
        assert_eq!(task.await.unwrap(), 1000);
    }
    let account_now = store.account(&account.id, M).await.unwrap().unwrap();
    assert_eq!(
        (
            account_now.balance,
            account_now.held,
            account_now.spent_this_month
        ),
        (0, 0, 3000)
    );
}

async fn settle_and_release_race_charges_once(store: Arc<dyn Store>) {
    let (account, _key, hash) = account_with_key(&store, 100_000, None).await;
    let mut charged_total = 0;
    for round in 0..25 {
        let hold = store.hold(&hash, M, 1000, 50).await.unwrap().unwrap();
        let settle_a = {
            let (store, id) = (store.clone(), hold.id.clone());
            tokio::spawn(async move { store.settle(&id, M, 1000).await.unwrap() })
        };
        let settle_b = {
            let (store, id) = (store.clone(), hold.id.clone());
            tokio::spawn(async move { store.settle(&id, M, 700).await.unwrap() })
        };
        let release = {
            let (store, id) = (store.clone(), hold.id.clone());
            tokio::spawn(async move { store.release(&id).await.unwrap() })
        };
        let sweep = {
            let store = store.clone();
            tokio::spawn(async move { store.sweep_expired(100).await.unwrap() })
        };
        let a = settle_a.await.unwrap();
        let b = settle_b.await.unwrap();
        release.await.unwrap();
        let swept = sweep.await.unwrap();
        assert!(
            [a, b].iter().filter(|c| **c > 0).count() <= 1,
            "round {round}: charged twice ({a}, {b})"
        );
        assert!(swept <= 1);
        charged_total += a + b;
    }
    let account = store.account(&account.id, M).await.unwrap().unwrap();
    assert_eq!(account.held, 0);
    assert_eq!(account.balance, 100_000 - charged_total);
    assert_eq!(account.spent_this_month, charged_total);
}

async fn concurrent_default_account_is_single(store: Arc<dyn Store>) {
    let tasks: Vec<_> = (0..8)
        .map(|_| {
            let store = store.clone();
            tokio::spawn(async move { store.ensure_default_account().await.unwrap() })
        })
        .collect();
    let mut made = 0;
    for task in tasks {
        if task.await.unwrap().is_some() {
            made += 1;
        }
    }
    assert_eq!(made, 1);
    let account = store.account("default", M).await.unwrap().unwrap();
    assert_eq!(account.keys, 1);
}

async fn absurd_inputs_do_not_panic(store: Arc<dyn Store>) {
    let (account, _key, hash) = account_with_key(&store, i64::MAX - 10, Some(i64::MAX)).await;
    // A top-up past i64::MAX is refused, not wrapped.
    assert!(matches!(
        store.top_up(&account.id, 100).await,
        Err(StoreError::Invalid(_))
    ));
    let huge = MeterPolicy {
        included: i64::MIN,
        price: i64::MAX,
    };
    assert_eq!(
        store.meter(&hash, M, &huge, true).await.unwrap(),
        Err(Refusal::InsufficientBalance)
    );
    let hold = store
        .hold(&hash, M, i64::MAX - 10, i64::MIN)
        .await
        .unwrap()
        .unwrap();
    // A second hold would overflow the key's sum: refused, never wrapped.
    assert_eq!(
        store.hold(&hash, M, 100, i64::MAX).await.unwrap(),
        Err(Refusal::KeySpendingLimitReached)
    );
    assert_eq!(store.sweep_expired(i64::MIN).await.unwrap(), 0);
    assert_eq!(
        store
            .settle(&hold.id, Month(i32::MIN), i64::MAX)
            .await
            .unwrap(),
        i64::MAX - 10
    );
    let account_now = store
        .account(&account.id, Month(i32::MIN))
        .await
        .unwrap()
        .unwrap();
    assert_eq!(account_now.balance, 0);
    let long = "x".repeat(10_000);
    for odd in ["'; DROP TABLE accounts; --", "a\0b", "ä\u{202e}", &long] {
        assert_eq!(store.account(odd, M).await.unwrap(), None);
        assert_eq!(store.settle(odd, M, 1).await.unwrap(), 0);
        store.release(odd).await.unwrap();
        assert!(matches!(
            store.revoke_key(odd).await,
            Err(StoreError::NotFound("key"))
        ));
        assert!(matches!(
            store.keys(odd, M).await,
            Err(StoreError::NotFound("account"))
        ));
        assert!(matches!(
            store.top_up(odd, 1).await,
            Err(StoreError::NotFound("account"))
        ));
    }
    assert!(matches!(
        store.create_account("a\0b", "free", true, 0).await,
        Err(StoreError::Invalid(_))
    ));
    store.ping().await.unwrap();
}

/// A burst over several accounts and keys at once, across the allowance, with a revoked key,
/// an account without API access and receipts that cannot be refunded mixed in: the stores
/// group concurrent metering into shared transactions (SQLite) or statements (PostgreSQL),
/// and every answer and every count must be what one-at-a-time metering gives.
async fn a_mixed_burst_is_counted_exactly(store: Arc<dyn Store>) {
    let policy = MeterPolicy {
        included: 40,
        price: 1000,
    };
    // Three accounts with access, each able to pay for 5 requests past the allowance, with
    // three keys each; one account without access; one revoked key.
    let mut keys = Vec::new();
    let mut accounts = Vec::new();
    for _ in 0..3 {
        let (account, _, hash) = account_with_key(&store, 5_000, None).await;
        keys.push((hash, accounts.len()));
        for _ in 0..2 {
            let k = store.create_key(&account.id, None).await.unwrap();
            keys.push((KeyHash::parse(k.key.expose()).unwrap(), accounts.len()));
        }
        accounts.push(account);
    }
    let (closed, _, closed_hash) = account_with_key(&store, 5_000, None).await;
    store.set_api_access(&closed.id, false).await.unwrap();
    let revoked = store.create_key(&accounts[0].id, None).await.unwrap();
    store.revoke_key(&revoked.id).await.unwrap();
    let revoked_hash = KeyHash::parse(revoked.key.expose()).unwrap();
    let bogus = redact_billing::Receipt {
        caller: redact_billing::Caller {
            account_id: "acct_none".into(),
            key_id: "key_none".into(),
            plan: "free".into(),
            api_access: true,
        },
        month: M,
        charged: 0,
    };

    enum Outcome {
        Metered(usize, Result<redact_billing::Receipt, Refusal>),
        Other(Result<redact_billing::Receipt, Refusal>),
        Refund(Result<(), StoreError>),
    }
    let mut tasks = Vec::new();
    let mut metered = 0;
    for i in 0..240 {
        let store = store.clone();
        let task = match i % 8 {
            6 => {
                let hash = if i % 16 == 6 {
                    closed_hash
                } else {
                    revoked_hash
                };
                tokio::spawn(async move {
                    Outcome::Other(store.meter(&hash, M, &policy, true).await.unwrap())
                })
            }
            7 => {
                let bogus = bogus.clone();
                tokio::spawn(async move { Outcome::Refund(store.refund(&bogus).await) })
            }
            _ => {
                let (hash, account) = keys[metered % keys.len()];
                metered += 1;
                tokio::spawn(async move {
                    Outcome::Metered(account, store.meter(&hash, M, &policy, true).await.unwrap())
                })
            }
        };
        tasks.push(task);
    }
    let mut asked = [0i64; 3];
    let mut served = [0i64; 3];
    let mut charged = [0i64; 3];
    for task in tasks {
        match task.await.unwrap() {
            Outcome::Metered(a, result) => {
                asked[a] += 1;
                match result {
                    Ok(r) => {
                        served[a] += 1;
                        charged[a] += r.charged;
                        assert_eq!(r.caller.account_id, accounts[a].id);
                    }
                    Err(refusal) => assert_eq!(refusal, Refusal::InsufficientBalance),
                }
            }
            Outcome::Other(result) => assert!(matches!(
                result,
                Err(Refusal::InvalidKey | Refusal::ApiAccessRequired)
            )),
            Outcome::Refund(result) => {
                assert!(matches!(result, Err(StoreError::NotFound(_))), "{result:?}")
            }
        }
    }
    for (a, account) in accounts.iter().enumerate() {
        // 60 asked of each account: 40 free, 5 paid, 15 refused.
        assert_eq!(asked[a], 60);
        assert_eq!((served[a], charged[a]), (45, 5_000));
        let account = store.account(&account.id, M).await.unwrap().unwrap();
        assert_eq!(
            (
                account.requests_this_month,
                account.balance,
                account.spent_this_month
            ),
            (45, 0, 5_000)
        );
    }
    let closed = store.account(&closed.id, M).await.unwrap().unwrap();
    assert_eq!((closed.requests_this_month, closed.balance), (0, 5_000));
}
