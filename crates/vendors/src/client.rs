//! The HTTPS client for vendor calls.

use std::collections::VecDeque;
use std::sync::Arc;
use std::time::Duration;

use bytes::{Bytes, BytesMut};
use http_body_util::{BodyExt, Full};
use hyper::body::Incoming;
use hyper_util::client::legacy::Client as HyperClient;
use hyper_util::client::legacy::connect::HttpConnector;
use hyper_util::rt::TokioExecutor;

use crate::{ChatCompletion, ChunkEvent, StreamDecoder, Vendor, VendorError, parse_response};

/// The largest whole answer read by [`Client::read_body`], in bytes (32 MiB).
pub const MAX_BODY: usize = 32 << 20;

/// How long a vendor call may take.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Timeouts {
    /// To open the TCP connection. Default 10 s.
    pub connect: Duration,
    /// From sending the request to the response head (a whole non-streamed answer usually
    /// comes with its head, so this bounds generation time too). Default 600 s, the OpenAI
    /// and Anthropic SDKs' own default.
    pub response: Duration,
    /// Between two pieces of a body (a stalled stream). Default 120 s.
    pub idle: Duration,
}

impl Default for Timeouts {
    fn default() -> Timeouts {
        Timeouts {
            connect: Duration::from_secs(10),
            response: Duration::from_secs(600),
            idle: Duration::from_secs(120),
        }
    }
}

/// The TLS setup failed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ClientError {
    /// The `ring` provider or the webpki roots could not be set up.
    #[error("TLS setup failed")]
    Tls,
}

type Inner = HyperClient<hyper_rustls::HttpsConnector<HttpConnector>, Full<Bytes>>;

/// An HTTP/1.1 client (HTTPS with rustls, the `ring` provider and the webpki roots; plain
/// HTTP for loopback tests) with [`Timeouts`]. Cheap to clone; share one per process.
///
/// Every call is cancelled by dropping it: dropping the future of [`send`](Client::send),
/// the response, its body or an [`EventStream`] closes the connection to the vendor, which
/// stops generating. The client keeps no request data (and so no key) once a call is over.
#[derive(Clone)]
pub struct Client {
    inner: Inner,
    timeouts: Timeouts,
}

impl std::fmt::Debug for Client {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Client")
            .field("timeouts", &self.timeouts)
            .finish_non_exhaustive()
    }
}

impl Client {
    /// A client with these timeouts.
    ///
    /// # Errors
    /// [`ClientError::Tls`] when TLS cannot be set up.
    pub fn new(timeouts: Timeouts) -> Result<Client, ClientError> {
        let mut http = HttpConnector::new();
        http.enforce_http(false);
        http.set_connect_timeout(Some(timeouts.connect));
        http.set_nodelay(true);
        let provider = Arc::new(rustls::crypto::ring::default_provider());
        let https = hyper_rustls::HttpsConnectorBuilder::new()
            .with_provider_and_webpki_roots(provider)
            .map_err(|_| ClientError::Tls)?
            .https_or_http()
            .enable_http1()
            .wrap_connector(http);
        let inner = HyperClient::builder(TokioExecutor::new())
            .pool_idle_timeout(Duration::from_secs(60))
            .build(https);
        Ok(Client { inner, timeouts })
    }

    /// The timeouts.
    pub fn timeouts(&self) -> Timeouts {
        self.timeouts
    }

    /// Sends a request made by [`build`](crate::build) and waits for the response head (at
    /// most [`Timeouts::response`]). The body is left to the caller: read it whole with
    /// [`read_body`](Client::read_body) or as events with [`events`](Client::events). The
    /// response carries the [`Vendor`] in its extensions. (A request made elsewhere, without
    /// a [`Vendor`] extension, counts as OpenAI's.)
    ///
    /// Any status is returned as a response; a vendor's error status becomes a
    /// [`VendorError`] in [`parse_response`] or [`events`](Client::events).
    ///
    /// # Errors
    /// A [`VendorError`]: 502 when the vendor cannot be reached, 504 on a timeout.
    pub async fn send(
        &self,
        request: http::Request<Full<Bytes>>,
    ) -> Result<http::Response<Incoming>, VendorError> {
        let vendor = request
            .extensions()
            .get::<Vendor>()
            .copied()
            .unwrap_or(Vendor::OpenAi);
        let secs = self.timeouts.response.as_secs_f64();
        match tokio::time::timeout(self.timeouts.response, self.inner.request(request)).await {
            Err(_) => Err(VendorError::timeout(
                vendor,
                &format!("no answer within {secs:.0} s"),
            )),
            Ok(Err(e)) => Err(transport_error(vendor, &e, self.timeouts.connect)),
            Ok(Ok(mut resp)) => {
                resp.extensions_mut().insert(vendor);
                Ok(resp)
            }
        }
    }

    /// Reads a whole body (at most [`MAX_BODY`] bytes, [`Timeouts::idle`] between pieces).
    ///
    /// # Errors
    /// A [`VendorError`]: 502 when the connection breaks or the body is too large, 504 when it
    /// stalls.
    pub async fn read_body(
        &self,
        response: http::Response<Incoming>,
    ) -> Result<Bytes, VendorError> {
        let vendor = vendor_of(&response);
        let mut body = response.into_body();
        let mut out = BytesMut::new();
        while let Some(data) = next_data(vendor, &mut body, self.timeouts.idle).await? {
            if out.len() + data.len() > MAX_BODY {
                return Err(VendorError::bad_answer(vendor, "the answer is too large"));
            }
            out.extend_from_slice(&data);
        }
        Ok(out.freeze())
    }

    /// Sends a non-streaming request and reads its answer as a chat completion:
    /// [`send`](Client::send), [`read_body`](Client::read_body) and [`parse_response`].
    ///
    /// # Errors
    /// A [`VendorError`] from any of the three.
    pub async fn complete(
        &self,
        request: http::Request<Full<Bytes>>,
        requested_model: &str,
    ) -> Result<ChatCompletion, VendorError> {
        let response = self.send(request).await?;
        let vendor = vendor_of(&response);
        let status = response.status().as_u16();
        let body = self.read_body(response).await?;
        parse_response(vendor, status, &body, requested_model)
    }

    /// The chunks of a streamed answer. An error status is read whole and returned as the
    /// vendor's refusal.
    ///
    /// # Errors
    /// A [`VendorError`] for an error status (or a failure reading its body).
    pub async fn events(
        &self,
        response: http::Response<Incoming>,
        requested_model: &str,
    ) -> Result<EventStream, VendorError> {
        let vendor = vendor_of(&response);
        let status = response.status().as_u16();
        if !(200..300).contains(&status) {
            let body = self.read_body(response).await?;
            return Err(VendorError::refused(vendor, status, &body));
        }
        Ok(EventStream {
            vendor,
            body: response.into_body(),
            decoder: StreamDecoder::new(vendor, requested_model),
            queue: VecDeque::new(),
            idle: self.timeouts.idle,
            ended: false,
        })
    }
}

fn vendor_of<B>(response: &http::Response<B>) -> Vendor {
    response
        .extensions()
        .get::<Vendor>()
        .copied()
        .unwrap_or(Vendor::OpenAi)
}

/// The next data piece of a body, skipping trailers; `None` at its end.
async fn next_data(
    vendor: Vendor,
    body: &mut Incoming,
    idle: Duration,
) -> Result<Option<Bytes>, VendorError> {
    loop {
        match tokio::time::timeout(idle, body.frame()).await {
            Err(_) => {
                return Err(VendorError::timeout(
                    vendor,
                    &format!("the answer stalled for {:.0} s", idle.as_secs_f64()),
                ));
            }
            Ok(None) => return Ok(None),
            Ok(Some(Err(_))) => {
                return Err(VendorError::unreachable(
                    vendor,
                    "the connection broke during the answer",
                ));
            }
            Ok(Some(Ok(frame))) => {
                if let Ok(data) = frame.into_data()
                    && !data.is_empty()
                {
                    return Ok(Some(data));
                }
            }
        }
    }
}

fn transport_error(
    vendor: Vendor,
    e: &hyper_util::client::legacy::Error,
    connect: Duration,
) -> VendorError {
    let mut source: Option<&(dyn std::error::Error + 'static)> = std::error::Error::source(e);
    while let Some(s) = source {
        if let Some(io) = s.downcast_ref::<std::io::Error>()
            && io.kind() == std::io::ErrorKind::TimedOut
        {
            return VendorError::timeout(
                vendor,
                &format!("no connection within {:.0} s", connect.as_secs_f64()),
            );
        }
        source = s.source();
    }
    if e.is_connect() {
        VendorError::unreachable(vendor, "the connection failed")
    } else {
        VendorError::unreachable(vendor, "the connection broke before the answer")
    }
}

/// A streamed answer as [`ChunkEvent`]s: the body read piece by piece (at most
/// [`Timeouts::idle`] between pieces) through a [`StreamDecoder`]. Dropping it closes the
/// connection, which cancels the vendor's work.
pub struct EventStream {
    vendor: Vendor,
    body: Incoming,
    decoder: StreamDecoder,
    queue: VecDeque<ChunkEvent>,
    idle: Duration,
    ended: bool,
}

impl std::fmt::Debug for EventStream {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("EventStream")
            .field("vendor", &self.vendor)
            .field("ended", &self.ended)
            .finish_non_exhaustive()
    }
}

impl EventStream {
    /// The next event; `None` after [`ChunkEvent::Done`] or an error.
    ///
    /// Cancel-safe: dropping the future loses no event already decoded.
    pub async fn next(&mut self) -> Option<Result<ChunkEvent, VendorError>> {
        loop {
            if let Some(e) = self.queue.pop_front() {
                return Some(Ok(e));
            }
            if self.ended {
                return None;
            }
            let got = match next_data(self.vendor, &mut self.body, self.idle).await {
                Ok(Some(data)) => self.decoder.push(&data),
                Ok(None) => {
                    self.ended = true;
                    self.decoder.finish()
                }
                Err(e) => Err(e),
            };
            match got {
                Ok(events) => {
                    self.queue.extend(events);
                    if self.decoder.is_done() {
                        self.ended = true;
                    }
                }
                Err(e) => {
                    self.ended = true;
                    return Some(Err(e));
                }
            }
        }
    }

    /// The vendor.
    pub fn vendor(&self) -> Vendor {
        self.vendor
    }
}
