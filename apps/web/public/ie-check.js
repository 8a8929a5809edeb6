/* ES5 on purpose: runs in Internet Explorer, where the app itself cannot. */
(function () {
  var ua = window.navigator.userAgent;
  if (document.documentMode || ua.indexOf('MSIE ') > -1 || ua.indexOf('Trident/') > -1) {
    document.addEventListener('DOMContentLoaded', function () {
      var el = document.getElementById('old-browser');
      if (el) el.style.display = 'block';
      var root = document.getElementById('root');
      if (root) root.style.display = 'none';
    });
  }
})();
