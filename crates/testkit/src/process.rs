//! A service binary run as a child process: started with its listen address at port 0, its
//! stdout and stderr collected line by line, its bound address read from the
//! `listening address=…` log line, stopped with SIGTERM.

use std::io::{BufRead, BufReader};
use std::net::SocketAddr;
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// A running service process.
pub struct Spawned {
    child: Child,
    /// The address it listens on.
    pub addr: SocketAddr,
    stdout: Arc<Mutex<Vec<String>>>,
    stderr: Arc<Mutex<Vec<String>>>,
}

fn collect(stream: impl std::io::Read + Send + 'static) -> Arc<Mutex<Vec<String>>> {
    let lines = Arc::new(Mutex::new(Vec::new()));
    let sink = lines.clone();
    std::thread::spawn(move || {
        for line in BufReader::new(stream).lines().map_while(Result::ok) {
            sink.lock().expect("lock").push(line);
        }
    });
    lines
}

impl Spawned {
    /// Runs `bin args…` with `env` and waits (up to 60 s) for its `address=` log line.
    /// Panics, with what it wrote, if it exits first.
    pub fn start(bin: &str, args: &[&str], env: &[(&str, &str)]) -> Spawned {
        let mut cmd = Command::new(bin);
        cmd.args(args).stdout(Stdio::piped()).stderr(Stdio::piped());
        for (k, v) in env {
            cmd.env(k, v);
        }
        let mut child = cmd.spawn().expect("the process starts");
        let stdout = collect(child.stdout.take().expect("piped stdout"));
        let stderr = collect(child.stderr.take().expect("piped stderr"));
        let deadline = Instant::now() + Duration::from_secs(60);
        let addr = loop {
            let found = stderr.lock().expect("lock").iter().find_map(|l| {
                l.split("address=")
                    .nth(1)
                    .and_then(|a| a.split_whitespace().next())
                    .and_then(|a| a.parse::<SocketAddr>().ok())
            });
            if let Some(a) = found {
                break a;
            }
            if let Ok(Some(status)) = child.try_wait() {
                panic!(
                    "{bin} exited with {status}: {:?}",
                    stderr.lock().expect("lock")
                );
            }
            assert!(Instant::now() < deadline, "{bin} did not start");
            std::thread::sleep(Duration::from_millis(20));
        };
        Spawned {
            child,
            addr,
            stdout,
            stderr,
        }
    }

    /// The first stdout line that satisfies `pred`, waiting up to `limit` for it.
    pub fn stdout_line(&self, pred: impl Fn(&str) -> bool, limit: Duration) -> Option<String> {
        let deadline = Instant::now() + limit;
        loop {
            if let Some(l) = self.stdout.lock().expect("lock").iter().find(|l| pred(l)) {
                return Some(l.clone());
            }
            if Instant::now() > deadline {
                return None;
            }
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// SIGKILL (a crash: nothing is cleaned up), then wait for the exit.
    pub fn kill(mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }

    /// SIGTERM, then wait for the exit, which must be clean: (stdout, stderr, time to exit).
    pub fn stop(mut self) -> (Vec<String>, Vec<String>, Duration) {
        let start = Instant::now();
        let _ = Command::new("kill")
            .args(["-TERM", &self.child.id().to_string()])
            .status();
        let status = self.child.wait().expect("the process exits");
        let took = start.elapsed();
        assert!(status.success(), "exit after SIGTERM: {status}");
        std::thread::sleep(Duration::from_millis(50));
        let out = self.stdout.lock().expect("lock").clone();
        let err = self.stderr.lock().expect("lock").clone();
        (out, err, took)
    }
}

impl Drop for Spawned {
    /// A test that fails leaves no process behind.
    fn drop(&mut self) {
        if let Ok(None) = self.child.try_wait() {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }
}

/// What a script printed.
#[derive(Clone, Debug)]
pub struct ScriptOutput {
    /// Its standard output.
    pub stdout: String,
    /// Its standard error.
    pub stderr: String,
}

/// Runs `script args…` with the Python interpreter named by `REDACT_TEST_PYTHON` (default
/// `python3`) and `env`, for at most 120 s (an official SDK driving a server under test).
/// `None`, after printing why, when there is no interpreter or the script says it cannot run
/// (exit code 3, or output starting with `SKIPPED`, as when its SDK package is missing).
/// Panics, with what it printed, when it fails otherwise or runs out of time.
pub async fn python(script: &str, args: &[&str], env: &[(&str, &str)]) -> Option<ScriptOutput> {
    let python = std::env::var("REDACT_TEST_PYTHON").unwrap_or_else(|_| "python3".into());
    let mut cmd = tokio::process::Command::new(&python);
    cmd.arg(script).args(args).kill_on_drop(true);
    for (k, v) in env {
        cmd.env(k, v);
    }
    let out = match tokio::time::timeout(Duration::from_secs(120), cmd.output()).await {
        Ok(Ok(out)) => out,
        Ok(Err(e)) => {
            eprintln!("SKIPPED: no Python interpreter `{python}` ({e})");
            return None;
        }
        Err(_) => panic!("{script} did not finish in 120 s"),
    };
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    if out.status.code() == Some(3) || stdout.starts_with("SKIPPED") {
        eprintln!("SKIPPED: {script} cannot run with `{python}`: {stdout}{stderr}");
        return None;
    }
    assert!(
        out.status.success(),
        "{script} failed ({}):\n{stdout}\n{stderr}",
        out.status
    );
    Some(ScriptOutput { stdout, stderr })
}
