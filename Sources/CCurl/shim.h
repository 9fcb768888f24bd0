#include <curl/curl.h>

// curl_easy_setopt and curl_easy_getinfo are variadic, which Swift cannot call: one typed
// wrapper per kind of value.
static inline CURLcode dodo_curl_setopt_long(CURL *handle, CURLoption option, long value) {
  return curl_easy_setopt(handle, option, value);
}
static inline CURLcode dodo_curl_setopt_string(CURL *handle, CURLoption option, const char *value) {
  return curl_easy_setopt(handle, option, value);
}
static inline CURLcode dodo_curl_setopt_pointer(CURL *handle, CURLoption option, void *value) {
  return curl_easy_setopt(handle, option, value);
}
static inline CURLcode dodo_curl_setopt_offset(CURL *handle, CURLoption option, curl_off_t value) {
  return curl_easy_setopt(handle, option, value);
}
static inline CURLcode dodo_curl_setopt_write(CURL *handle, CURLoption option, curl_write_callback callback) {
  return curl_easy_setopt(handle, option, callback);
}
static inline CURLcode dodo_curl_setopt_blob(CURL *handle, CURLoption option, const void *data, size_t length) {
  struct curl_blob blob = {(void *)data, length, CURL_BLOB_COPY};
  return curl_easy_setopt(handle, option, &blob);
}
static inline CURLcode dodo_curl_getinfo_long(CURL *handle, CURLINFO info, long *value) {
  return curl_easy_getinfo(handle, info, value);
}
static inline const char *dodo_curl_default_cainfo(void) {
  curl_version_info_data *info = curl_version_info(CURLVERSION_NOW);
  return info && info->age >= CURLVERSION_SEVENTH ? info->cainfo : NULL;
}
// curl_multi_setopt is variadic too.
static inline CURLMcode dodo_curl_multi_setopt_long(CURLM *multi, CURLMoption option, long value) {
  return curl_multi_setopt(multi, option, value);
}
static inline const char *dodo_curl_default_capath(void) {
  curl_version_info_data *info = curl_version_info(CURLVERSION_NOW);
  return info && info->age >= CURLVERSION_SEVENTH ? info->capath : NULL;
}
